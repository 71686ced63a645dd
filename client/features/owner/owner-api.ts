import { ownerApi as routes } from "../../../shared/api/owner";
import { call } from "../../lib/api/client";
import { routeQuery } from "../../lib/query/route-query";

/** A channel owner's analytics connection (admins only): routes of shared/api/owner.ts. */
export const ownerApi = {
  connect: (orgId: string, channelId: string) =>
    call(routes.connect, { params: { orgId, channelId } }),
  disconnect: (orgId: string, channelId: string) =>
    call(routes.disconnect, { params: { orgId, channelId } }),
};

/** The cached read of a channel's owner connection. */
export const ownerQueries = {
  view: routeQuery(routes.view, (orgId, channelId: string) => ({ params: { orgId, channelId } })),
};

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
