import { ApiError } from "../../lib/api/client";
import { isCodeLoadFailure, isOffline } from "../../lib/errors/code-load";

export type ErrorDescription = {
  title: string;
  text: string;
  /** A fresh page load is the cure (a new deployment replaced the page's code). */
  reloadNeeded: boolean;
};

/** Plain words for what went wrong; never a stack trace or a developer's message. */
export function describeError(error: unknown): ErrorDescription {
  const codeLost = isCodeLoadFailure(error);
  // Code that failed to load offline is the connection's fault, not an update's; only a page load
  // brings it back (see isCodeLoadFailure), so the button is Reload.
  if ((codeLost && isOffline()) || (error instanceof ApiError && error.code === "NETWORK"))
    return {
      title: "You seem to be offline",
      text: "Connection error. Please check your internet connection and try again.",
      reloadNeeded: codeLost,
    };
  if (codeLost)
    return {
      title: "Crosscast has been updated",
      text: "A newer version is available. Reload the page to continue where you were.",
      reloadNeeded: true,
    };
  return {
    title: "Something went wrong",
    text: "This page ran into a problem and could not be shown. Your data is safe. Try again, or go back to the dashboard.",
    reloadNeeded: false,
  };
}

/** The id that leads to the log line: the failed call's own, else the error report's. */
export const referenceOf = (error: unknown, reportId: string | undefined) =>
  (error instanceof ApiError ? error.requestId : undefined) ?? reportId;
