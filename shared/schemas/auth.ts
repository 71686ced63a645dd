import { z } from "zod";
import { PERSON_NAME_MAX } from "../text-limits";
import { plainText } from "./text";

/*
 * The auth API contract shared by the Worker (worker/features/auth) and the client
 * (client/lib/auth). Access tokens travel as `Authorization: Bearer`; the refresh token only
 * in an HttpOnly cookie scoped to /api/auth, never visible to scripts.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops absurd bodies from burning PBKDF2 time. */
export const PASSWORD_MAX_LENGTH = 1024;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Please enter a valid email address" }))
  .pipe(z.string().max(254));
/** A password's length as the schema counts it: code points, so an emoji is one character. */
export const passwordLength = (password: string) => [...password].length;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: "Password must be at least 8 characters long" })
  .max(PASSWORD_MAX_LENGTH, { message: "Password is too long" });

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: plainText(PERSON_NAME_MAX, "Name").optional(),
});

export const roleSchema = z.enum(["admin", "standard"]);

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isNewUser: z.boolean(),
  isPasswordReset: z.boolean(),
  passwordExpiresAt: z.string().nullable(),
});

export const sessionOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
});

/** One organisation the person belongs to (the avatar menu's switcher lists them). */
export const membershipSummarySchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  role: roleSchema,
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

/** An invitation waiting for the signed-in person's answer (the banner). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  role: roleSchema,
  invitedByEmail: z.string().nullable(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/**
 * GET /api/auth/me. `organization` and `membership` are the active organisation: the one named
 * by ?organizationId= when the person belongs to it, else the one they used last.
 */
export const meResponseSchema = z.object({
  user: sessionUserSchema,
  organization: sessionOrganizationSchema.nullable(),
  membership: z.object({ role: roleSchema, organizationId: z.string() }).nullable(),
  isAdmin: z.boolean(),
  memberships: z.array(membershipSummarySchema),
  invitations: z.array(pendingInvitationSchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/sign-in and POST /api/auth/refresh answer with a fresh access token. */
export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("bearer"),
  expiresIn: z.number().int().positive(),
  /** ISO time the access token expires; the client refreshes shortly before. */
  expiresAt: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * POST /api/auth/refresh. With ?include=me (a page load restoring its session) the answer also
 * carries what GET /api/auth/me would, so the dashboard's reads are not a second round trip
 * behind the refresh (issue 15). The timer's refreshes leave it out and stay one cheap exchange.
 */
export const refreshResponseSchema = tokenResponseSchema.extend({
  me: meResponseSchema.optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** The two kinds of emailed link: `${origin}/#access_token=<one-time token>&type=invite|recovery`. */
export const linkTypeSchema = z.enum(["invite", "recovery"]);
export type LinkType = z.infer<typeof linkTypeSchema>;

/** POST /api/auth/link exchanges the one-time token for a session, exactly like a sign-in. */
export const linkResponseSchema = tokenResponseSchema.extend({ type: linkTypeSchema });
export type LinkResponse = z.infer<typeof linkResponseSchema>;

/**
 * Stable `reason` words in the error envelope of the auth endpoints (shared/messages.ts maps the
 * ones the spec has words for). Listed so both sides spell them the same way.
 */
export const authErrorReasons = [
  "invalid_credentials",
  "email_not_confirmed",
  "temporary_password_expired",
  "rate_limited",
  "signup_disabled",
  "password_too_short",
  "same_password",
  "current_password_incorrect",
  "invalid_session_reset",
  "invalid_session_invite",
  "invalid_link",
  "no_session",
  "session_expired",
  "refresh_token_reused",
  "refresh_token_rotated",
  "no_invitation",
] as const;
export type AuthErrorReason = (typeof authErrorReasons)[number];
