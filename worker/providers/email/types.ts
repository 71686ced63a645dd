export type EmailKind =
  | "confirmation"
  | "invitation"
  | "invitation_existing"
  | "admin_reset"
  | "self_reset"
  | "existing_account";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
  organizationId?: string | null;
};

/** Whether delivery was accepted; failures never throw, so callers can show the "could not be sent" variants. */
export type SendResult = { sent: boolean; id: string | null; error?: string };

/**
 * How long a send may wait out the provider's per-second rate limit: at most `retries` more
 * requests, and no more than `maxTotalWaitMs` spent waiting between them altogether.
 */
export type RetryBudget = { retries: number; maxTotalWaitMs: number };

export type SendOptions = {
  /**
   * Names this one email to the provider, so a repeated request (a retry) is delivered once. The
   * same value must never be used for another email.
   */
  idempotencyKey?: string;
  retry?: RetryBudget;
};

export interface EmailSender {
  send(message: EmailMessage, options?: SendOptions): Promise<SendResult>;
}

/** The fetch the Resend client uses (the platform's, or the sandbox stand-in). */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
