import { z } from "zod";
import { PERSON_NAME_MAX, PHONE_NUMBER_MAX } from "../text-limits";
import { emailSchema, linkTypeSchema, PASSWORD_MAX_LENGTH, passwordSchema } from "./auth";
import { plainText } from "./text";

export const resetRequestBodySchema = z.object({ email: emailSchema });
export const linkBodySchema = z.object({ token: z.string().min(10).max(200) });
/**
 * POST /api/auth/set-password (welcome and reset pages). `type` names the page, so a refusal can
 * say "request a new invitation" or "request a new password reset"; without it, the reset words.
 */
export const setPasswordBodySchema = z.object({
  newPassword: passwordSchema,
  type: linkTypeSchema.optional(),
});
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, { message: "Current password is required" })
    .max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export const messageResponseSchema = z.object({ message: z.string() });

/** Empty phone saves null (spec section 5). */
export const profileBodySchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .max(PHONE_NUMBER_MAX, {
      message: `Phone number must be at most ${PHONE_NUMBER_MAX} characters`,
    })
    .regex(/^[+()\d\s.-]*$/, {
      message: "Phone number may contain digits, spaces and + ( ) . - only",
    })
    .nullable()
    .transform((v) => (v ? v : null)),
  name: plainText(PERSON_NAME_MAX, "Name")
    .nullable()
    .optional()
    .transform((v) => (v ? v : v === undefined ? undefined : null)),
});

/** POST /api/account/active-organization: the organisation switcher's choice. */
export const activeOrganizationBodySchema = z.object({
  organizationId: z.string().uuid({ message: "Invalid organization id" }),
});
/** POST /api/account/invitations/{invitationId}/{answer}: the invited person's answer. */
export const invitationAnswerParamsSchema = z.object({
  invitationId: z.string().uuid({ message: "Invalid invitation id" }),
  answer: z.enum(["accept", "decline"]),
});
