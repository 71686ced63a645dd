import { z } from "zod";
import { tapped } from "../../sandbox/traffic";
import type { FetchLike } from "./types";

/*
 * A stand-in for Resend's POST /emails, used only with the sandbox on and a key starting with
 * "re_sandbox" (so a developer who configures a real key locally still gets real delivery). It
 * answers with Resend's real shapes, and magic keys reproduce its refusals:
 *   re_sandbox_invalid        403 invalid_api_key
 *   re_sandbox_rate_limited   429 rate_limit_exceeded (every request, retry-after: 1)
 *   re_sandbox_daily_quota    429 daily_quota_exceeded
 *   re_sandbox_monthly_quota  429 monthly_quota_exceeded
 *   re_sandbox_unreachable    the network fails (fetch throws)
 *   any other re_sandbox*     200 { id }
 * Like Resend, every key gets 2 requests a second (our notes section 4: per team; here each key
 * is its own team), then 429 rate_limit_exceeded with retry-after until the second turns; an
 * Idempotency-Key seen before (same key, last 24 hours) answers the first id and sends nothing;
 * and tags must fit the Tag charset of resend.openapi.yaml.
 */
export const isSandboxResendKey = (key: string) => key.startsWith("re_sandbox");

export const RESEND_REQUESTS_PER_SECOND = 2;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** resend.openapi.yaml, Tag.name and Tag.value: ASCII letters, numbers, _ or -, at most 256. */
const tagText = z
  .string()
  .max(256, "Tag names and values must be no more than 256 characters.")
  .regex(
    /^[A-Za-z0-9_-]*$/,
    "Tag names and values can only contain ASCII letters, numbers, underscores, or dashes.",
  );

const emailBody = z.object({
  from: z.string().min(1),
  to: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(50)]),
  subject: z.string().min(1),
  text: z.string().optional(),
  html: z.string().optional(),
  tags: z.array(z.object({ name: tagText.min(1), value: tagText.optional() })).optional(),
});

const REQUIRED_FIELDS = ["from", "to", "subject"] as const;
/** Whether the body has the field with something in it (an empty string or list is missing). */
const present = (body: unknown, field: string) => {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[field];
  return (
    value !== undefined &&
    value !== null &&
    value !== "" &&
    !(Array.isArray(value) && value.length === 0)
  );
};

const error = (statusCode: number, name: string, message: string, headers?: HeadersInit) =>
  Response.json({ statusCode, name, message }, { status: statusCode, headers });

/** Requests counted this second, by API key (the isolate's memory: a restart forgets it). */
const thisSecond = new Map<string, { second: number; count: number }>();
/** The id first answered for each "<API key> <Idempotency-Key>", and when. */
const idempotent = new Map<string, { id: string; at: number }>();
/** What each key's emails were delivered as, oldest first (the last 200 kept), for tests. */
const delivered = new Map<string, string[]>();

/** The ids of the emails the stand-in delivered for `apiKey`, oldest first (repeats not included). */
export const resendEmulatorDelivered = (apiKey: string): readonly string[] =>
  delivered.get(apiKey) ?? [];

/** Counts one request of `key`; false when it is past the second's allowance. */
function takeRequest(key: string, now: number): boolean {
  const second = Math.floor(now / 1000);
  const seen = thisSecond.get(key);
  const count = seen?.second === second ? seen.count : 0;
  // Every request counts, refused ones included, as Resend counts requests rather than emails.
  thisSecond.set(key, { second, count: count + 1 });
  return count < RESEND_REQUESTS_PER_SECOND;
}

export const resendEmulatorFetch: FetchLike = (input, init) =>
  answerResend(new Request(input, init));

const answerResend = tapped(async (request: Request): Promise<Response> => {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/emails")
    return error(404, "not_found", "Not found");
  const key = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
  if (!key) return error(401, "missing_api_key", "Missing API key in the authorization header.");
  if (key === "re_sandbox_unreachable") throw new TypeError("Network connection lost.");
  if (key === "re_sandbox_invalid") return error(403, "invalid_api_key", "API key is invalid");
  const now = Date.now();
  if (key === "re_sandbox_rate_limited" || !takeRequest(key, now))
    return error(
      429,
      "rate_limit_exceeded",
      `Too many requests. You can only make ${RESEND_REQUESTS_PER_SECOND} requests per second.`,
      // Whole seconds until the second turns (Resend's retry-after is in seconds).
      { "retry-after": String(Math.max(1, Math.ceil((1000 - (now % 1000)) / 1000))) },
    );
  if (key === "re_sandbox_daily_quota")
    return error(429, "daily_quota_exceeded", "You have reached your daily email sending quota.");
  if (key === "re_sandbox_monthly_quota")
    return error(
      429,
      "monthly_quota_exceeded",
      "You have reached your monthly email sending quota.",
    );
  const idempotencyKey = request.headers.get("idempotency-key");
  if (idempotencyKey !== null && (idempotencyKey.length < 1 || idempotencyKey.length > 256))
    return error(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
  const sent: unknown = await request.json().catch(() => null);
  // Resend's errors page: a required field left out is 422 `missing_required_field`; a field
  // present but wrong is 400 `validation_error`.
  const missing = REQUIRED_FIELDS.find((field) => !present(sent, field));
  if (missing) return error(422, "missing_required_field", `Missing \`${missing}\` field.`);
  const parsed = emailBody.safeParse(sent);
  if (!parsed.success)
    return error(400, "validation_error", parsed.error.issues[0]?.message ?? "Invalid body");
  // The refusal a new deployment meets first: EMAIL_FROM on a domain not verified at Resend
  // (403 `validation_error`, Resend's errors page).
  if (key === "re_sandbox_unverified_domain") {
    const domain = /@([^>\s]+)/.exec(parsed.data.from)?.[1] ?? parsed.data.from;
    return error(
      403,
      "validation_error",
      `The ${domain} domain is not verified. Please, add and verify your domain on https://resend.com/domains`,
    );
  }
  // Looked up and stored with no await between, so two requests racing with one key get one id.
  const slot = idempotencyKey === null ? null : `${key} ${idempotencyKey}`;
  const earlier = slot === null ? undefined : idempotent.get(slot);
  if (earlier && now - earlier.at < IDEMPOTENCY_TTL_MS) return Response.json({ id: earlier.id });
  const id = crypto.randomUUID();
  if (slot !== null) {
    idempotent.set(slot, { id, at: now });
    // A long-running dev server would otherwise keep every key: forget the oldest (insertion
    // order), which in tests and development are far past any retry of theirs.
    for (const old of idempotent.keys()) {
      if (idempotent.size <= 10_000) break;
      idempotent.delete(old);
    }
  }
  delivered.set(key, [...(delivered.get(key) ?? []), id].slice(-200));
  return Response.json({ id });
});
