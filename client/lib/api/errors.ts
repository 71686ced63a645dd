import { ApiError } from "./client";

/** Said when the server no longer knows the person's session (our own API's words). */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

/**
 * The server's own words when it gave a clear reason (spec: "the server's error text is shown
 * where provided"), else the fallback. A validation message names its field for API callers
 * ("phoneNumber: Phone number may contain..."); a person reading a toast gets the sentence alone.
 */
export const serverMessage = (error: unknown, fallback: string) =>
  // A call refused for a session that could not be renewed: the tab is being signed out, and
  // its toast says why; this one says the same rather than a failure of the page's own.
  error instanceof ApiError && error.reason === "no_session"
    ? SESSION_ENDED_MESSAGE
    : serverMessageOf(error, fallback);

const serverMessageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError &&
  error.code !== "INTERNAL" &&
  error.code !== "NETWORK" &&
  error.code !== "UNAUTHORIZED"
    ? withoutFieldPrefix(error.message, error.field)
    : fallback;

const withoutFieldPrefix = (message: string, field: string | undefined) =>
  field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
