import { getDb } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { makeLogger } from "../../lib/logger";
import { ResendSender } from "./resend";
import type { EmailMessage, SendResult } from "./types";

export type { EmailMessage, SendResult } from "./types";

/**
 * Sends one email: through Resend when RESEND_API_KEY is configured, otherwise into the
 * development outbox (shown at /dev/mailbox). Either way the message is recorded in email_outbox
 * with its status. Never throws.
 */
export async function sendEmail(env: Env, message: EmailMessage): Promise<SendResult> {
  let result: SendResult;
  if (env.RESEND_API_KEY) {
    result = await new ResendSender(env.RESEND_API_KEY, env.EMAIL_FROM ?? "Crosscast <no-reply@crosscast.example>").send(message);
  } else {
    result = { sent: true, id: null };
  }
  const status = env.RESEND_API_KEY ? (result.sent ? "sent" : "failed") : "outbox";
  try {
    await getDb(env)
      .insert(emailOutbox)
      .values({
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
    makeLogger({ component: "email" }).error("email: could not record message", { kind: message.kind, error: String(error) });
    if (!env.RESEND_API_KEY) return { sent: false, id: null, error: "outbox unavailable" };
  }
  return result;
}
