import { ApiError } from "./client";

/** The server's own words when it gave a clear reason (spec: "the server's error text is shown where provided"), else the fallback. */
export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError &&
  error.code !== "INTERNAL" &&
  error.code !== "NETWORK" &&
  error.code !== "UNAUTHORIZED"
    ? error.message
    : fallback;
