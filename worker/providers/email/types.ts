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

export interface EmailSender {
  send(message: EmailMessage): Promise<SendResult>;
}

/** The fetch the Resend client uses (the platform's, or the sandbox stand-in). */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
