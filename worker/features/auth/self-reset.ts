import type { Context } from "hono";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { generateTemporaryPassword, hashPassword } from "../../lib/crypto/password";
import { sendEmailDetached } from "../../providers/email";
import { resetEmail } from "../../providers/email/templates";
import { setTemporaryPassword } from "./credentials";
import { issueLinkToken, linkUrl } from "./link-tokens";
import { emailContext } from "./request-meta";
import { findUserByEmail } from "./users";

export const SELF_RESET_ANSWER =
  "If an account with that email exists, a password reset email with a temporary password has been sent.";

/**
 * Gives a known account a temporary password (24 h) and emails it with a recovery link. The
 * current password keeps working until the temporary one is used, so a stranger's request cannot
 * lock anyone out. Unknown emails do equivalent work (one password hash) and get the same answer;
 * the provider round trip happens after the answer (sendEmailDetached).
 */
export async function requestSelfReset(c: Context<AppEnv>, db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  const temporaryPassword = generateTemporaryPassword();
  if (!user) {
    await hashPassword(temporaryPassword); // same cost as the real path
    return;
  }
  await setTemporaryPassword(db, user.id, temporaryPassword, "isPasswordReset");
  const token = await issueLinkToken(db, user.id, "recovery");
  const ctx = emailContext(c);
  await sendEmailDetached(
    c.env,
    c.executionCtx,
    resetEmail(
      "self_reset",
      email,
      { temporaryPassword, link: linkUrl(ctx.origin, token, "recovery") },
      ctx,
    ),
  );
}
