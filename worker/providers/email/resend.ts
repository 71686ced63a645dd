import { z } from "zod";
import { parseRetryAfter } from "../http";
import type {
  EmailMessage,
  EmailSender,
  FetchLike,
  RetryBudget,
  SendOptions,
  SendResult,
} from "./types";

export const RESEND_DEFAULT_BASE_URL = "https://api.resend.com";

/** resend.openapi.yaml, POST /emails, header Idempotency-Key: maxLength 256 (and Resend: at least 1). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;

/**
 * The per-second limit's refusal (2 requests a second for the whole team, our notes section 4).
 * Only it is waited out: Resend's other 429s, daily_quota_exceeded and monthly_quota_exceeded,
 * last until the day or month turns, so asking again a second later only spends requests.
 */
const RATE_LIMITED = "rate_limit_exceeded";
/** Without retry-after, about the limit's own window: a second. */
const DEFAULT_RETRY_WAIT_MS = 1_000;
/**
 * Up to a quarter second on top of each wait, so sends refused together (a burst) do not all
 * come back in the same instant and collide again.
 */
const RETRY_JITTER_MS = 250;
/**
 * For a send inline in a request: two retries one second apart fit, so a burst of up to six
 * sends in the same second all go out, and the person waits at most 2.5 s more.
 */
export const INLINE_RETRY: RetryBudget = { retries: 2, maxTotalWaitMs: 2_500 };

const okResponse = z.object({ id: z.string() });
/** Resend's error body: { statusCode, message, name } (name e.g. "validation_error"). */
const errorResponse = z.object({
  name: z.string().max(100),
  message: z.string().max(500).optional(),
});

type Attempt = {
  result: SendResult;
  /** Set only when the per-second limit refused: how long to wait before asking again. */
  retryAfterMs?: number;
};

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resend's HTTP API: POST {base}/emails with a bearer key. Never throws: a refusal, a network
 * failure or an unexpected body becomes { sent: false } with a short reason (never the key).
 * A refusal by the per-second rate limit is asked again within the retry budget, with the same
 * body and Idempotency-Key, so Resend delivers the email at most once however often it is asked.
 */
export class ResendSender implements EmailSender {
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly baseUrl: string = RESEND_DEFAULT_BASE_URL,
    private readonly fetcher: FetchLike = (input, init) => fetch(input, init),
    private readonly wait: (ms: number) => Promise<void> = defaultWait,
  ) {}

  async send(message: EmailMessage, options: SendOptions = {}): Promise<SendResult> {
    const { idempotencyKey, retry = INLINE_RETRY } = options;
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey.length < 1 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    )
      // Our own mistake, not Resend's answer: said before anything is sent.
      return { sent: false, id: null, error: "Invalid idempotency key" };
    // One body for every attempt: Resend's idempotency holds only for the same request.
    const body = JSON.stringify({
      from: this.from,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      // Lets the provider's dashboard group what the app sends (kinds are plain words).
      tags: [{ name: "kind", value: message.kind }],
    });
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      "Content-Type": "application/json",
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    };
    let waited = 0;
    for (let tries = 0; ; tries++) {
      const { result, retryAfterMs } = await this.attempt(body, headers);
      if (retryAfterMs === undefined || tries >= retry.retries) return result;
      const wait = retryAfterMs + Math.floor(Math.random() * RETRY_JITTER_MS);
      // A longer wait than the budget allows is not the per-second limit passing: give up now
      // rather than hold the request (or the Worker) for nothing.
      if (waited + wait > retry.maxTotalWaitMs) return result;
      await this.wait(wait);
      waited += wait;
    }
  }

  private async attempt(body: string, headers: Record<string, string>): Promise<Attempt> {
    try {
      const res = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/emails`, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const answer: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorResponse.safeParse(answer);
        const result = {
          sent: false,
          id: null,
          error: `Resend answered ${res.status}${parsed.success ? ` ${parsed.data.name}` : ""}`,
        };
        if (res.status !== 429 || !parsed.success || parsed.data.name !== RATE_LIMITED)
          return { result };
        const seconds = parseRetryAfter(res.headers.get("retry-after"));
        return {
          result,
          retryAfterMs: seconds === undefined ? DEFAULT_RETRY_WAIT_MS : seconds * 1000,
        };
      }
      const parsed = okResponse.safeParse(answer);
      return {
        result: parsed.success
          ? { sent: true, id: parsed.data.id }
          : { sent: false, id: null, error: "Unexpected Resend response" },
      };
    } catch (error) {
      return {
        result: {
          sent: false,
          id: null,
          error:
            error instanceof Error ? `Resend unreachable (${error.name})` : "Resend unreachable",
        },
      };
    }
  }
}
