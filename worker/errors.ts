import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, type ErrorEnvelope, errorStatus } from "../shared/errors";
import type { AppEnv } from "./env";
import { errorFields, logger } from "./lib/logger";

/** A failure we expect and can explain to the caller. Anything else becomes INTERNAL. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly reason?: string;
  readonly field?: string;
  constructor(code: ErrorCode, message: string, opts: { reason?: string; field?: string } = {}) {
    super(message);
    this.code = code;
    this.reason = opts.reason;
    this.field = opts.field;
  }
  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Resource") => new ApiError("NOT_FOUND", `${what} not found`);

export function errorBody(c: Context<AppEnv>, err: ApiError): ErrorEnvelope {
  return {
    error: {
      code: err.code,
      message: err.message,
      requestId: c.get("requestId") ?? "unknown",
      ...(err.reason ? { reason: err.reason } : {}),
      ...(err.field ? { field: err.field } : {}),
    },
  };
}

/** The single onError: known errors keep their message, unknown ones are logged and hidden. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) return c.json(errorBody(c, err), err.status);
  if (err instanceof HTTPException) {
    // Hono raises these itself (e.g. bodyLimit, malformed JSON in validators).
    const code: ErrorCode =
      err.status === 413
        ? "PAYLOAD_TOO_LARGE"
        : err.status === 401
          ? "UNAUTHORIZED"
          : err.status >= 500
            ? "INTERNAL"
            : "BAD_REQUEST";
    const message =
      code === "INTERNAL" ? "Something unexpected happened" : err.message || "Bad request";
    return c.json(errorBody(c, new ApiError(code, message)), errorStatus[code]);
  }
  logger(c).error("unhandled error", errorFields(err));
  return c.json(errorBody(c, new ApiError("INTERNAL", "Something unexpected happened")), 500);
}
