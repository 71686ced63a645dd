import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { TOAST_LAYER } from "../components/layers";

/*
 * Toasts (sonner, top right) without sonner in the page's first load: the first toast, or a few
 * seconds of the page being up, loads and mounts the Toaster, then shows the toast. Every
 * feature imports `toast` from here rather than from sonner.
 */

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import("sonner"));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Asks for the Toaster; resolves once it is mounted and listening. */
function mountToaster(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const notify of listeners) notify();
  }
  return mounted;
}

/**
 * Errors stay twice sonner's four seconds: toasts let clicks through (client/styles.css), so
 * resting the pointer on one no longer holds it, and an error is the one worth reading in full.
 */
const ERROR_DURATION_MS = 8_000;

/**
 * An error already on screen is not shown twice: several reads failing together (or a page's
 * failure and the sign-out it led to) said the same sentence in a stack of identical toasts.
 */
const show = (kind: "success" | "error" | "info") => (message: string, options?: ExternalToast) => {
  const shown =
    kind === "error"
      ? { id: `error:${message}`, duration: ERROR_DURATION_MS, ...options }
      : options;
  // The Toaster is asked for only once sonner's code is here: mounted before, a failed fetch left
  // it failed for good and every later toast waiting on it.
  void loadSonner().then(
    async (s) => {
      await mountToaster();
      s.toast[kind](message, shown);
    },
    () => plainToast(kind, message),
  );
};

/**
 * Offline before sonner's code arrived (a page restored from its session shows no toast in its
 * first seconds), the browser will not fetch it again for this page, and the person was told
 * nothing when an action failed. Such a message still shows, as a plain line at the top right,
 * read out like a toast, for as long as a toast would stay.
 */
function plainToast(kind: "success" | "error" | "info", message: string) {
  let stack = document.getElementById("plain-toasts");
  if (!stack) {
    stack = document.createElement("div");
    stack.id = "plain-toasts";
    stack.className =
      "pointer-events-none fixed right-4 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2";
    Object.assign(stack.style, { top: `${TOAST_TOP}px`, zIndex: String(TOAST_LAYER) });
    document.body.append(stack);
  }
  const line = document.createElement("div");
  line.setAttribute("role", kind === "error" ? "alert" : "status");
  line.className = `rounded-lg border px-4 py-3 text-sm shadow-lg bg-white dark:bg-slate-900 ${kind === "error" ? "border-red-300 text-red-800 dark:border-red-800 dark:text-red-200" : "border-slate-200 text-slate-900 dark:border-slate-700 dark:text-slate-100"}`;
  line.textContent = message;
  stack.append(line);
  setTimeout(() => line.remove(), kind === "error" ? ERROR_DURATION_MS : 4_000);
}

export const toast = { success: show("success"), error: show("error"), info: show("info") };

/** The header's 64 px and a gap of 8. */
const TOAST_TOP = 72;

/**
 * If sonner's code cannot be fetched (the connection dropped in the page's first seconds), the
 * page goes on without toasts rather than failing whole: the Toaster sits beside every page.
 */
const SonnerToaster = lazy<ComponentType<ToasterProps>>(() =>
  loadSonner().then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

export function Toasts({ theme }: { theme: "light" | "dark" | "system" }) {
  const show = useSyncExternalStore(subscribe, () => wanted);
  useEffect(() => {
    const timer = setTimeout(() => void loadSonner().then(mountToaster, () => undefined), 5_000);
    return () => clearTimeout(timer);
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* Top right, below the fixed header (h-16): at sonner's own 24 px a toast covered the
          account menu and, on a phone, the main menu button for its four seconds. Stacked
          above dialogs (z-50) but below an opened menu (z-70): a toast covered the menu's
          items, and the pointer resting on it paused it there. */}
      <SonnerToaster
        position="top-right"
        style={{ zIndex: TOAST_LAYER }}
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
        richColors
        closeButton
        theme={theme}
      />
      <Mounted />
    </Suspense>
  );
}
