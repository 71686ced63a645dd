import {
  googleCallbackQuerySchema,
  googleConnectSchema,
  googleDisconnectedSchema,
  googleViewSchema,
} from "../schemas/google";
import { failures, orgParams, responds, routesOf } from "./define";

// Tagged "organization": Organization Settings shows it, and its refreshes (after a disconnect,
// whose audit entry appears too) invalidate the organisation's cached reads together.
const route = routesOf("organization");
const open = routesOf("organization", { public: true });

/** The organisation's Google account (Drive and Sheets exports); admins only. */
export const googleApi = {
  view: route({
    method: "get",
    path: "/orgs/{orgId}/google",
    summary: "Whether a Google account is connected, which one and with which grants",
    request: { params: orgParams },
    responses: responds(200, "The connection, or connected: false", googleViewSchema),
  }),
  connect: route({
    method: "post",
    path: "/orgs/{orgId}/google/connect",
    summary: "Start connecting: the consent page's address (state and PKCE ride in a cookie)",
    request: { params: orgParams },
    responses: responds(200, "Google's consent page for this request", googleConnectSchema),
  }),
  disconnect: route({
    method: "delete",
    path: "/orgs/{orgId}/google",
    summary: "Forget the organisation's Google account",
    request: { params: orgParams },
    responses: responds(200, "Disconnected", googleDisconnectedSchema),
  }),
  callback: open({
    method: "get",
    path: "/google/callback",
    summary:
      "Google sends the browser back here; it goes on to Organization Settings, or to the dashboard for a channel owner's connection",
    request: { query: googleCallbackQuerySchema },
    responses: {
      302: {
        description:
          "To /organization-settings?google=<result>, or /dashboard?owner=<result>&channel=<id>",
      },
      ...failures,
    },
  }),
};
