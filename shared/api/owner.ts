import { ownerConnectSchema, ownerDisconnectedSchema, ownerViewSchema } from "../schemas/owner";
import { orgParamsWith, responds, routesOf, uuidParam } from "./define";

const route = routesOf("owner");
const params = orgParamsWith({ channelId: uuidParam("Invalid channel id") });

/** A channel owner's YouTube Analytics connection (admins only; docs/design.md). */
export const ownerApi = {
  view: route({
    method: "get",
    path: "/orgs/{orgId}/channels/{channelId}/owner",
    summary: "Whether the channel's owner is connected, whose account, and the history's progress",
    request: { params },
    responses: responds(200, "The connection, or connected: false", ownerViewSchema),
  }),
  connect: route({
    method: "post",
    path: "/orgs/{orgId}/channels/{channelId}/owner/connect",
    summary: "Start connecting the owner: Google's consent page (state and PKCE ride in a cookie)",
    request: { params },
    responses: responds(200, "Google's consent page for this request", ownerConnectSchema),
  }),
  disconnect: route({
    method: "delete",
    path: "/orgs/{orgId}/channels/{channelId}/owner",
    summary: "Disconnect the owner and delete the exact history their grant gave",
    request: { params },
    responses: responds(200, "Disconnected", ownerDisconnectedSchema),
  }),
};
