import { z } from "zod";
import { API_KEY_MAX, ORGANIZATION_NAME_MAX, PERSON_NAME_MAX } from "../text-limits";
import { timeZoneIds } from "../timezones";
import { emailSchema } from "./auth";
import { integrationStatuses, roles } from "./enums";
import { plainText } from "./text";

export const organizationNameSchema = z.object({
  name: plainText(ORGANIZATION_NAME_MAX, "Organization name").pipe(
    z.string().min(1, { message: "Organization name is required" }),
  ),
});

const apiKey = (provider: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(API_KEY_MAX, { message: `${provider} API key must be at most ${API_KEY_MAX} characters` })
    .optional();
export const apiKeysBodySchema = z
  .object({
    youtubeApiKey: apiKey("YouTube"),
    simplecastApiKey: apiKey("Simplecast"),
  })
  .refine((b) => b.youtubeApiKey !== undefined || b.simplecastApiKey !== undefined, {
    message: "Enter at least one API key",
    path: ["youtubeApiKey"],
  });

export const integrationViewSchema = z.object({
  type: z.enum(["youtube", "simplecast"]),
  status: z.enum(integrationStatuses),
  /** "••••1234": the key itself never leaves the server. */
  mask: z.string(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const integrationsResponseSchema = z.object({
  integrations: z.array(integrationViewSchema),
});

export const addMemberBodySchema = z.object({
  name: plainText(PERSON_NAME_MAX, "Name")
    .optional()
    .transform((v) => (v ? v : null)),
  email: emailSchema,
  role: z.enum(roles).default("standard"),
});
export const updateMemberBodySchema = z
  .object({
    role: z.enum(roles).optional(),
    name: plainText(PERSON_NAME_MAX, "Name").nullable().optional(),
  })
  .refine((b) => b.role !== undefined || b.name !== undefined, {
    message: "Nothing to update",
    path: ["role"],
  });
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

export const memberSchema = z.object({
  userId: z.string(),
  /** How the person appears in this organisation: its display name for them, else their own name. */
  name: z.string().nullable(),
  /** The organisation's own name for the person (what an admin may edit), if any. */
  displayName: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(roles),
  joinedAt: z.string(),
  /** Admin resets are only for people whose sole membership is this organisation. */
  canResetPassword: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(["pending", "declined", "expired"]),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const membersResponseSchema = z.object({ members: z.array(memberSchema) });
/** GET .../members: the members and the invitations not yet accepted. */
export const membersPageSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationViewSchema),
});
export const inviteResponseSchema = z.object({
  invitation: invitationViewSchema,
  emailSent: z.boolean(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable(),
  createdAt: z.string(),
  actorEmail: z.string().nullable(),
  /** The member an entry is about (its role, password or profile), while the account exists. */
  targetEmail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

/** An organisation as Organization Settings shows it (the logo as an image URL). */
export const organizationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
});
export const organizationResponseSchema = z.object({ organization: organizationViewSchema });
/** GET /orgs/{orgId}: the organisation and the caller's role in it. */
export const organizationWithRoleSchema = organizationResponseSchema.extend({
  role: z.enum(roles),
});

export const memberParamsSchema = z.object({
  userId: z.string().uuid({ message: "Invalid member id" }),
});
export const invitationParamsSchema = z.object({
  invitationId: z.string().uuid({ message: "Invalid invitation id" }),
});
export const invitationRevokedSchema = z.object({ revoked: z.boolean() });
export const memberPasswordResetSchema = z.object({ email: z.string(), emailSent: z.boolean() });
export const memberRemovedSchema = z.object({ completelyDeleted: z.boolean() });

/** PATCH /orgs/{orgId}/timezone: the organisation-wide time zone (admins only). */
export const orgTimezoneSchema = z.object({ timezone: z.enum(timeZoneIds) });
