import type { $ZodError } from "zod/v4/core";
import { PASSWORD_MIN_LENGTH } from "../../../shared/schemas/auth";

/**
 * A new password shorter than the minimum gets the stable reason "password_too_short", so the
 * client shows the spec's sentence from the authentication table instead of the generic
 * fallback. (Sign-in's password has no minimum: an old short password must still be accepted.)
 */
export function authReason(error: $ZodError): string | undefined {
  const issue = error.issues[0];
  if (
    issue?.code === "too_small" &&
    issue.origin === "string" &&
    Number(issue.minimum) === PASSWORD_MIN_LENGTH
  )
    return "password_too_short";
  return undefined;
}
