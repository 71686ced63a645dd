import {
  addMemberBodySchema,
  apiKeysBodySchema,
  auditResponseSchema,
  integrationsResponseSchema,
  invitationParamsSchema,
  invitationRevokedSchema,
  inviteResponseSchema,
  memberParamsSchema,
  memberPasswordResetSchema,
  memberRemovedSchema,
  membersPageSchema,
  membersResponseSchema,
  organizationNameSchema,
  organizationResponseSchema,
  organizationWithRoleSchema,
  orgTimezoneSchema,
  updateMemberBodySchema,
} from "../schemas/organization";
import { fileUpload, jsonBody, orgParams, responds, routesOf } from "./define";

// One tag for settings and members: the client invalidates the whole "organization" scope after
// a change (the audit log follows every one of them).
const route = routesOf("organization");
const memberParams = orgParams.extend(memberParamsSchema.shape);
const invitationParams = orgParams.extend(invitationParamsSchema.shape);

/** Organization Settings: information, logo, API keys and audit log (all but `get` admin-only). */
export const organizationApi = {
  get: route({
    method: "get",
    path: "/orgs/{orgId}",
    summary: "The organisation and the caller's role in it",
    request: { params: orgParams },
    responses: responds(200, "The organisation", organizationWithRoleSchema),
  }),
  rename: route({
    method: "patch",
    path: "/orgs/{orgId}",
    summary: "Rename the organisation (admins only)",
    request: { params: orgParams, body: jsonBody(organizationNameSchema) },
    responses: responds(200, "The organisation", organizationResponseSchema),
  }),
  uploadLogo: route({
    method: "post",
    path: "/orgs/{orgId}/logo",
    summary: "Replace the logo (an image of at most 5 MB, checked by content; admins only)",
    request: { params: orgParams, body: fileUpload },
    responses: responds(200, "The organisation", organizationResponseSchema),
  }),
  removeLogo: route({
    method: "delete",
    path: "/orgs/{orgId}/logo",
    summary: "Remove the logo (admins only)",
    request: { params: orgParams },
    responses: responds(200, "The organisation", organizationResponseSchema),
  }),
  integrations: route({
    method: "get",
    path: "/orgs/{orgId}/integrations",
    summary: "The API keys' status, masked (admins only)",
    request: { params: orgParams },
    responses: responds(200, "The integrations", integrationsResponseSchema),
  }),
  saveKeys: route({
    method: "put",
    path: "/orgs/{orgId}/integrations",
    summary: "Save API keys, encrypted at rest (admins only)",
    request: { params: orgParams, body: jsonBody(apiKeysBodySchema) },
    responses: responds(200, "The integrations", integrationsResponseSchema),
  }),
  setTimezone: route({
    method: "patch",
    path: "/orgs/{orgId}/timezone",
    summary: "Change the organisation-wide time zone (admins only)",
    request: { params: orgParams, body: jsonBody(orgTimezoneSchema) },
    responses: responds(200, "The time zone", orgTimezoneSchema),
  }),
  audit: route({
    method: "get",
    path: "/orgs/{orgId}/audit",
    summary: "The newest audit log entries (admins only)",
    request: { params: orgParams },
    responses: responds(200, "The entries, newest first", auditResponseSchema),
  }),
};

/** Members and invitations (admins only). Nobody joins until they accept an invitation. */
export const membersApi = {
  list: route({
    method: "get",
    path: "/orgs/{orgId}/members",
    summary: "The members and the invitations not yet accepted",
    request: { params: orgParams },
    responses: responds(200, "Members and invitations", membersPageSchema),
  }),
  invite: route({
    method: "post",
    path: "/orgs/{orgId}/members",
    summary: "Invite an address (the answer is the same whether it has an account or not)",
    request: { params: orgParams, body: jsonBody(addMemberBodySchema) },
    responses: responds(201, "The invitation", inviteResponseSchema),
  }),
  resendInvitation: route({
    method: "post",
    path: "/orgs/{orgId}/members/invitations/{invitationId}/resend",
    summary: "Send an invitation again",
    request: { params: invitationParams },
    responses: responds(200, "The invitation", inviteResponseSchema),
  }),
  revokeInvitation: route({
    method: "delete",
    path: "/orgs/{orgId}/members/invitations/{invitationId}",
    summary: "Withdraw an invitation",
    request: { params: invitationParams },
    responses: responds(200, "Withdrawn", invitationRevokedSchema),
  }),
  update: route({
    method: "patch",
    path: "/orgs/{orgId}/members/{userId}",
    summary: "Change a member's role or how they appear in this organisation",
    request: { params: memberParams, body: jsonBody(updateMemberBodySchema) },
    responses: responds(200, "The members", membersResponseSchema),
  }),
  resetPassword: route({
    method: "post",
    path: "/orgs/{orgId}/members/{userId}/reset-password",
    summary: "Reset the password of someone whose sole membership is this organisation",
    request: { params: memberParams },
    responses: responds(200, "Where the temporary password went", memberPasswordResetSchema),
  }),
  remove: route({
    method: "delete",
    path: "/orgs/{orgId}/members/{userId}",
    summary: "Remove a member (their account too if this was their only organisation)",
    request: { params: memberParams },
    responses: responds(200, "The outcome", memberRemovedSchema),
  }),
};
