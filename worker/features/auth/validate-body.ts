import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import type { $ZodError } from "zod/v4/core";
import { PASSWORD_MIN_LENGTH } from "../../../shared/schemas/auth";
import { ApiError } from "../../errors";
import { describeIssue, registerValidator } from "../../lib/validate";

/**
 * A new password shorter than the minimum gets the stable reason "password_too_short", so the
 * client shows the spec's sentence from the authentication table instead of the generic
 * fallback. (Sign-in's password has no minimum: an old short password must still be accepted.)
 */
function reasonFor(error: $ZodError): string | undefined {
  const issue = error.issues[0];
  if (
    issue?.code === "too_small" &&
    issue.origin === "string" &&
    Number(issue.minimum) === PASSWORD_MIN_LENGTH
  )
    return "password_too_short";
  return undefined;
}

/** `validate("json", schema)` for the auth bodies: 400 naming the field, plus a reason where one applies. */
export const validateAuthBody = <T extends z.ZodType>(schema: T) =>
  registerValidator(
    zValidator("json", schema, (result) => {
      if (!result.success) {
        const { message, field } = describeIssue(result.error);
        const reason = reasonFor(result.error);
        throw new ApiError("BAD_REQUEST", message, {
          ...(field ? { field } : {}),
          ...(reason ? { reason } : {}),
        });
      }
    }),
    "json",
    schema,
  );
