import { z } from "zod";
import type { EmailMessage, EmailSender, SendResult } from "./types";

const resendResponse = z.object({ id: z.string() });

/** Resend's HTTP API (POST /emails with a bearer key). */
export class ResendSender implements EmailSender {
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly baseUrl = "https://api.resend.com",
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(message: EmailMessage): Promise<SendResult> {
    try {
      const res = await this.fetcher(`${this.baseUrl}/emails`, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: this.from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return { sent: false, id: null, error: `Resend answered ${res.status}` };
      const parsed = resendResponse.safeParse(await res.json());
      return parsed.success ? { sent: true, id: parsed.data.id } : { sent: false, id: null, error: "Unexpected Resend response" };
    } catch (error) {
      return { sent: false, id: null, error: error instanceof Error ? error.name : "send failed" };
    }
  }
}
