import { z } from "zod";
import {
  auditResponseSchema,
  integrationsResponseSchema,
  type invitationViewSchema,
  inviteResponseSchema,
  membersPageSchema,
  membersResponseSchema,
} from "../../../shared/schemas/organization";
import { api } from "../../lib/api/client";
import { orgQuery } from "../../lib/query/define-query";

const orgView = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    timezone: z.string(),
  }),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const googleViewSchema = z.union([
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

const base = (orgId: string) => `/api/orgs/${orgId}`;
const upload = (file: File) => {
  const formData = new FormData();
  formData.append("file", file);
  return formData;
};

export const orgApi = {
  rename: (orgId: string, name: string) =>
    api(base(orgId), orgView, { method: "PATCH", body: { name } }),
  uploadLogo: (orgId: string, file: File) =>
    api(`${base(orgId)}/logo`, orgView, { method: "POST", formData: upload(file) }),
  removeLogo: (orgId: string) => api(`${base(orgId)}/logo`, orgView, { method: "DELETE" }),
  integrations: (orgId: string) => api(`${base(orgId)}/integrations`, integrationsResponseSchema),
  saveKeys: (orgId: string, keys: { youtubeApiKey?: string; simplecastApiKey?: string }) =>
    api(`${base(orgId)}/integrations`, integrationsResponseSchema, { method: "PUT", body: keys }),
  members: (orgId: string) => api(`${base(orgId)}/members`, membersPageSchema),
  /** Invites the address; it joins only once the person accepts. */
  addMember: (orgId: string, body: { name?: string; email: string; role: "admin" | "standard" }) =>
    api(`${base(orgId)}/members`, inviteResponseSchema, { body }),
  resendInvitation: (orgId: string, invitationId: string) =>
    api(`${base(orgId)}/members/invitations/${invitationId}/resend`, inviteResponseSchema, {
      method: "POST",
    }),
  revokeInvitation: (orgId: string, invitationId: string) =>
    api(`${base(orgId)}/members/invitations/${invitationId}`, z.object({ revoked: z.boolean() }), {
      method: "DELETE",
    }),
  updateMember: (
    orgId: string,
    userId: string,
    body: { role?: "admin" | "standard"; name?: string | null },
  ) => api(`${base(orgId)}/members/${userId}`, membersResponseSchema, { method: "PATCH", body }),
  resetMemberPassword: (orgId: string, userId: string) =>
    api(
      `${base(orgId)}/members/${userId}/reset-password`,
      z.object({ email: z.string(), emailSent: z.boolean() }),
      { method: "POST" },
    ),
  removeMember: (orgId: string, userId: string) =>
    api(`${base(orgId)}/members/${userId}`, z.object({ completelyDeleted: z.boolean() }), {
      method: "DELETE",
    }),
  audit: (orgId: string) => api(`${base(orgId)}/audit`, auditResponseSchema),
  google: (orgId: string) => api(`${base(orgId)}/google`, googleViewSchema),
  connectGoogle: (orgId: string) =>
    api(`${base(orgId)}/google/connect`, z.object({ authorizationUrl: z.string() }), {
      method: "POST",
    }),
  disconnectGoogle: (orgId: string) =>
    api(`${base(orgId)}/google`, z.object({ connected: z.literal(false) }), { method: "DELETE" }),
};

export const orgMessages = {
  updated: "Organization updated successfully",
  updateFailed: "Failed to update organization",
  logoUpdated: "Logo updated successfully",
  logoRemoved: "Logo removed successfully",
  logoUploadFailed: "Failed to upload logo",
  logoRemoveFailed: "Failed to remove logo",
  noLogo: "No logo to remove or insufficient permissions",
  keysUpdated: "API keys updated successfully",
  keysFailed: "Failed to update API keys",
  // The spec's "Member added successfully..." no longer fits: nobody is added until they
  // accept, and the words must not say whether the address already had an account.
  memberInvited: (email: string) => `Invitation sent to ${email}. They join once they accept it.`,
  memberInvitedNoEmail:
    "Invitation created, but email could not be sent. Please contact the user directly.",
  invitationResent: (email: string) => `Invitation sent to ${email} again.`,
  invitationRevoked: "Invitation withdrawn",
  invitationFailed: "Failed to update the invitation",
  memberAddFailed: "Failed to add member",
  memberRemovedCompletely: "Member completely removed from all systems",
  memberRemovedFromOrg: "Member removed from this organization",
  memberRemoveFailed: "Failed to remove member",
  roleUpdated: "Member role updated successfully",
  roleUpdateFailed: "Failed to update member role",
  memberUpdated: "Member updated successfully",
  memberUpdateFailed: "Failed to update member",
  membersLoadFailed: "Failed to load organization members",
  integrationsLoadFailed: "Failed to load integrations",
  noMembers:
    "No members in this organization yet. Add members to collaborate on analytics and reports.",
  noPermission: "You need admin permissions to access organization settings.",
  loading: "Loading organization...",
} as const;

/** Organisation Settings' cached reads. */
export const orgQueries = {
  integrations: orgQuery("organization", "integrations", orgApi.integrations),
  members: orgQuery("organization", "members", orgApi.members),
  audit: orgQuery("organization", "audit", orgApi.audit),
  google: orgQuery("organization", "google", orgApi.google),
};
