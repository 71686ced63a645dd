import { ApiError } from "./client";

/**
 * The server's own words when it gave a clear reason (spec: "the server's error text is shown
 * where provided"), else the fallback. A validation message names its field for API callers
 * ("phoneNumber: Phone number may contain..."); a person reading a toast gets the sentence alone.
 */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError &&
  error.code !== "INTERNAL" &&
  error.code !== "NETWORK" &&
  error.code !== "UNAUTHORIZED"
    ? withoutFieldPrefix(error.message, error.field)
    : fallback;

const withoutFieldPrefix = (message: string, field: string | undefined) =>
  field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
