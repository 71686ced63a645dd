import { z } from "zod";

/** The closed set of error codes the API answers with. The client maps them to messages. */
export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
  /** The organisation is briefly out of service (its content is being moved between databases). */
  "UNAVAILABLE",
  "BAD_ENVIRONMENT",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<
  ErrorCode,
  400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503
> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  BAD_ENVIRONMENT: 500,
};

/** The one error envelope every API failure uses. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string(),
    /** Optional machine-readable detail, e.g. which field failed validation or a sub-reason. */
    reason: z.string().optional(),
    field: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
