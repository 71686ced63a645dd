import { z } from "zod";

/** A channel owner's analytics connection as the channel's Edit dialog shows it (no token). */
export const ownerViewSchema = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    email: z.string(),
    status: z.enum(["active", "error"]),
    lastError: z.string().nullable(),
    connectedAt: z.string(),
    /** Videos whose exact history is in, of all the channel's videos. */
    videosBackfilled: z.number().int(),
    videos: z.number().int(),
  }),
]);
export type OwnerView = z.infer<typeof ownerViewSchema>;
export const ownerConnectSchema = z.object({ authorizationUrl: z.string() });
export const ownerDisconnectedSchema = z.object({ connected: z.literal(false) });
