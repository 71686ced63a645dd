import { useSyncExternalStore } from "react";

/*
 * The time, for labels that say how long ago something was ("Data refreshed 3 hours ago"). They
 * were computed once per render, so a dashboard left open from the morning still said "just now"
 * in the afternoon. One minute timer serves every label on the page, runs only while the page is
 * visible, and the labels catch up the moment it is shown again.
 */

const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const notify of listeners) notify();
}

function onVisibility() {
  if (document.visibilityState === "visible") {
    tick();
    timer ??= setInterval(tick, TICK_MS);
  } else {
    clearInterval(timer);
    timer = undefined;
  }
}

function subscribe(notify: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    document.addEventListener("visibilitychange", onVisibility);
    if (document.visibilityState !== "hidden") timer = setInterval(tick, TICK_MS);
  }
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
    if (listeners.size > 0) return;
    document.removeEventListener("visibilitychange", onVisibility);
    clearInterval(timer);
    timer = undefined;
  };
}

/** Milliseconds since the epoch, renewed every minute while the page is visible. */
export const useNow = (): number => useSyncExternalStore(subscribe, () => now);
