import { z } from "zod";
import { api } from "../../lib/api/client";
import { orgQuery } from "../../lib/query/define-query";

/** What GET .../channels/:channelId/owner answers (worker/features/owner/connection.ts). */
export const ownerViewSchema = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    email: z.string(),
    status: z.enum(["active", "error"]),
    lastError: z.string().nullable(),
    connectedAt: z.string(),
    videosBackfilled: z.number(),
    videos: z.number(),
  }),
]);
export type OwnerView = z.infer<typeof ownerViewSchema>;

const base = (orgId: string, channelId: string) => `/api/orgs/${orgId}/channels/${channelId}/owner`;

/** A channel owner's analytics connection (admins only). */
export const ownerApi = {
  view: (orgId: string, channelId: string) => api(base(orgId, channelId), ownerViewSchema),
  connect: (orgId: string, channelId: string) =>
    api(`${base(orgId, channelId)}/connect`, z.object({ authorizationUrl: z.string() }), {
      method: "POST",
    }),
  disconnect: (orgId: string, channelId: string) =>
    api(base(orgId, channelId), z.object({ connected: z.literal(false) }), { method: "DELETE" }),
};

/** The cached read of a channel's owner connection. */
export const ownerQueries = { view: orgQuery("owner", "view", ownerApi.view) };

/**
 * What the dashboard says when Google sends the browser back (the callback's codes; the names
 * come from our own channel list and the callback's `granted` title, quoted as names only).
 */
export function ownerOutcome(
  result: string,
  extra: { channel: string; missing: string; granted: string },
): { ok: boolean; text: string } | null {
  switch (result) {
    case "connected":
      return {
        ok: true,
        text: `Owner analytics connected for ${extra.channel}. Its history is being fetched; Recent activity shows the progress.`,
      };
    case "denied":
      return { ok: false, text: "Owner analytics connection was cancelled" };
    case "expired":
      return { ok: false, text: "The Google connection attempt expired. Please try again." };
    case "forbidden":
      return { ok: false, text: "Only administrators can connect owner analytics" };
    case "no_refresh_token":
      return { ok: false, text: "Google did not grant offline access. Please try again." };
    case "missing_scopes":
      return {
        ok: false,
        text: `Google was not given ${extra.missing || "every permission asked for"}, so Crosscast cannot read ${extra.channel}'s analytics. Connect again and leave every box ticked on Google's screen.`,
      };
    case "no_channel":
      return {
        ok: false,
        text: `That Google account has no YouTube channel. Sign in with the account that owns ${extra.channel}.`,
      };
    case "wrong_channel":
      return {
        ok: false,
        text: `That Google account owns "${extra.granted}", not ${extra.channel}. Sign in with the account that owns ${extra.channel}.`,
      };
    case "channel_gone":
      return { ok: false, text: "The channel is no longer tracked." };
    case "failed":
      return { ok: false, text: "Failed to connect owner analytics" };
    default:
      return null;
  }
}
