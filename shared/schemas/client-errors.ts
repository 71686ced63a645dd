import { z } from "zod";

/** Where in the client an error was caught. */
export const clientErrorKinds = [
  "uncaught",
  "unhandled-rejection",
  "app-boundary",
  "route-boundary",
  "dialog-boundary",
] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

/** Caps of one report; the client trims to them before sending, the Worker refuses more. */
export const CLIENT_ERROR_LIMITS = {
  message: 1_000,
  stack: 6_000,
  componentStack: 4_000,
  route: 500,
  body: 16 * 1024,
} as const;

/**
 * One error a browser saw, sent to the Worker so a production crash is known without a user
 * having to tell us. `requestId` is the id of the failed API call behind it, when there is one.
 */
export const clientErrorReportSchema = z.object({
  kind: z.enum(clientErrorKinds),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  componentStack: z.string().max(CLIENT_ERROR_LIMITS.componentStack).optional(),
  route: z.string().max(CLIENT_ERROR_LIMITS.route),
  buildVersion: z.string().regex(/^[\w.+-]{1,64}$/),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
