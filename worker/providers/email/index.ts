import { getDb } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { makeLogger } from "../../lib/logger";
import { sandboxOf } from "../../lib/sandbox";
import { INLINE_RETRY, RESEND_DEFAULT_BASE_URL, ResendSender } from "./resend";
import type { EmailMessage, RetryBudget, SendResult } from "./types";

export type { EmailMessage, SendResult } from "./types";

const DEFAULT_FROM = "Crosscast <no-reply@crosscast.example>";

/**
 * A send that runs after the response (waitUntil) keeps nobody waiting, so it may wait out the
 * rate limit longer than an inline one (INLINE_RETRY): three retries, up to 6 s in all, well
 * inside the 30 s the platform gives waitUntil work after the response.
 */
export const DETACHED_RETRY: RetryBudget = { retries: 3, maxTotalWaitMs: 6_000 };

/** Resend when a key is configured (its sandbox stand-in for "re_sandbox" keys), else none. */
function resendFor(env: Env): ResendSender | null {
  const key = env.RESEND_API_KEY;
  if (!key) return null;
  const fetcher = sandboxOf(env)?.resendFetchFor(key);
  return new ResendSender(
    key,
    env.EMAIL_FROM || DEFAULT_FROM,
    env.RESEND_BASE_URL || RESEND_DEFAULT_BASE_URL,
    fetcher,
  );
}

/**
 * Sends one email: through Resend when RESEND_API_KEY is configured, otherwise into the
 * development outbox (shown at /dev/mailbox). Either way the message is recorded in email_outbox
 * with its status ("sent", "failed" or "outbox"). Never throws: callers that must tell the user
 * read { sent } and show the "email could not be sent" variants.
 */
export async function sendEmail(
  env: Env,
  message: EmailMessage,
  retry: RetryBudget = INLINE_RETRY,
): Promise<SendResult> {
  const resend = resendFor(env);
  // The outbox row's id, chosen before sending, names this one email to Resend: a retry after a
  // refusal (or one that was in fact accepted) is then delivered at most once.
  const outboxId = crypto.randomUUID();
  const result: SendResult = resend
    ? await resend.send(message, { idempotencyKey: `crosscast-email/${outboxId}`, retry })
    : { sent: true, id: null };
  const status = resend ? (result.sent ? "sent" : "failed") : "outbox";
  if (!result.sent)
    makeLogger({ component: "email" }).warn("email: not delivered", {
      kind: message.kind,
      error: result.error,
    });
  try {
    await getDb(env)
      .insert(emailOutbox)
      .values({
        id: outboxId,
        organizationId: message.organizationId ?? null,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
        status,
        providerMessageId: result.id,
        errorMessage: result.error ?? null,
      });
  } catch (error) {
    makeLogger({ component: "email" }).error("email: could not record message", {
      kind: message.kind,
      error: String(error),
    });
    // Without a provider the outbox *is* the delivery.
    if (!resend) return { sent: false, id: null, error: "outbox unavailable" };
  }
  return result;
}

/**
 * For answers that must not depend on the email (sign-up, self reset: the same words for known
 * and unknown addresses). The provider's network round trip would make a known address answer
 * measurably slower, so with Resend the send finishes after the response (waitUntil), where it
 * can also wait out Resend's rate limit longer (DETACHED_RETRY). The development outbox is a
 * local insert and stays inline, so tests and the mailbox see it at once.
 */
export async function sendEmailDetached(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  message: EmailMessage,
): Promise<void> {
  if (!env.RESEND_API_KEY) {
    await sendEmail(env, message);
    return;
  }
  ctx.waitUntil(sendEmail(env, message, DETACHED_RETRY));
}
