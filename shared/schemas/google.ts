import { z } from "zod";

/** The organisation's Google connection as Organization Settings shows it (no token, ever). */
export const googleViewSchema = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    email: z.string(),
    status: z.enum(["active", "error"]),
    scopes: z.array(z.string()),
    lastError: z.string().nullable(),
    connectedAt: z.string(),
  }),
]);
export type GoogleView = z.infer<typeof googleViewSchema>;

/** Where the admin's browser goes next: Google's consent page (the sandbox's, in development). */
export const googleConnectSchema = z.object({ authorizationUrl: z.string() });
export const googleDisconnectedSchema = z.object({ connected: z.literal(false) });

/** What Google sends back to the callback (each optional: a refusal carries only `error`). */
export const googleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
