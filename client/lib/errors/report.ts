import {
  CLIENT_ERROR_LIMITS,
  type ClientErrorKind,
  type ClientErrorReport,
} from "../../../shared/schemas/client-errors";
import { ApiError } from "../api/client";

/** At most this many reports per page load: a render loop reports once or twice, not forever. */
const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
/** Each distinct error's reference, so the same error caught again shows the same reference. */
const references = new Map<string, Promise<string | undefined>>();

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message || error.name : String(error ?? "Unknown error");

/** Noise the browser raises by itself, which no one can act on. */
const ignored = (error: unknown) =>
  (error instanceof DOMException && error.name === "AbortError") ||
  /ResizeObserver loop/.test(messageOf(error));

/**
 * Sends one error to the Worker's log (route, build version, the failed call's request id) and
 * resolves with the reference the Worker logged it under, so an error screen can show it.
 * Never throws: reporting must not cause a second failure.
 */
export async function reportClientError(
  kind: ClientErrorKind,
  error: unknown,
  extra: { componentStack?: string } = {},
): Promise<string | undefined> {
  if (ignored(error)) return undefined;
  const message = clip(messageOf(error), CLIENT_ERROR_LIMITS.message) ?? "";
  const fingerprint = `${kind}:${message}`;
  const earlier = references.get(fingerprint);
  if (earlier) return earlier;
  if (sent >= MAX_REPORTS_PER_PAGE) return undefined;
  sent++;
  const reference = send(kind, message, error, extra);
  references.set(fingerprint, reference);
  return reference;
}

async function send(
  kind: ClientErrorKind,
  message: string,
  error: unknown,
  extra: { componentStack?: string },
): Promise<string | undefined> {
  const report: ClientErrorReport = {
    kind,
    message,
    stack: clip(error instanceof Error ? error.stack : undefined, CLIENT_ERROR_LIMITS.stack),
    componentStack: clip(extra.componentStack, CLIENT_ERROR_LIMITS.componentStack),
    // The path and query only: emailed link tokens travel in the hash, which is never sent.
    route: clip(`${location.pathname}${location.search}`, CLIENT_ERROR_LIMITS.route) ?? "/",
    buildVersion: __BUILD_VERSION__,
    requestId: error instanceof ApiError ? error.requestId : undefined,
  };
  try {
    const res = await fetch("/api/client-errors", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(report),
      // Still delivered if the page is being unloaded.
      keepalive: true,
    });
    return res.headers.get("x-request-id") ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reports what no boundary caught: uncaught errors and unhandled promise rejections. */
export function installGlobalErrorReporting() {
  window.addEventListener("error", (event) => {
    void reportClientError("uncaught", event.error ?? event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    void reportClientError("unhandled-rejection", event.reason);
  });
}
