import { z } from "zod";
import type { EmailMessage, EmailSender, FetchLike, SendResult } from "./types";

export const RESEND_DEFAULT_BASE_URL = "https://api.resend.com";

const okResponse = z.object({ id: z.string() });
/** Resend's error body: { statusCode, message, name } (name e.g. "validation_error"). */
const errorResponse = z.object({
  name: z.string().max(100),
  message: z.string().max(500).optional(),
});

/**
 * Resend's HTTP API: POST {base}/emails with a bearer key. Never throws: a refusal, a network
 * failure or an unexpected body becomes { sent: false } with a short reason (never the key).
 */
export class ResendSender implements EmailSender {
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly baseUrl: string = RESEND_DEFAULT_BASE_URL,
    private readonly fetcher: FetchLike = (input, init) => fetch(input, init),
  ) {}

  async send(message: EmailMessage): Promise<SendResult> {
    try {
      const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/emails`, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: this.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          // Lets the provider's dashboard group what the app sends (kinds are plain words).
          tags: [{ name: "kind", value: message.kind }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorResponse.safeParse(body);
        return {
          sent: false,
          id: null,
          error: `Resend answered ${res.status}${parsed.success ? ` ${parsed.data.name}` : ""}`,
        };
      }
      const parsed = okResponse.safeParse(body);
      return parsed.success
        ? { sent: true, id: parsed.data.id }
        : { sent: false, id: null, error: "Unexpected Resend response" };
    } catch (error) {
      return {
        sent: false,
        id: null,
        error: error instanceof Error ? `Resend unreachable (${error.name})` : "Resend unreachable",
      };
    }
  }
}
