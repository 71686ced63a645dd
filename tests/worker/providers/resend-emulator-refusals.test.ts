import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  RESEND_REQUESTS_PER_SECOND,
  resendEmulatorDelivered,
  resendEmulatorFetch,
} from "../../../worker/providers/email/resend-emulator";

/*
 * The Resend stand-in's own refusals, called directly (our client always sends a good key, a
 * short Idempotency-Key and plain-word tags, so these answers are never seen through it). Error
 * bodies are Resend's { statusCode, name, message } (our notes, section 4). Each test uses its
 * own API key: the stand-in counts 2 requests a second per key, and a test must not eat another's.
 */

const refusal = z.strictObject({ statusCode: z.number(), name: z.string(), message: z.string() });
const accepted = z.strictObject({ id: z.string() });

const body = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ from: "A <a@b.c>", to: ["x@example.com"], subject: "s", text: "t", ...extra });

const post = (key: string, opts: { body?: string; headers?: Record<string, string> } = {}) =>
  resendEmulatorFetch("https://api.resend.com/emails", {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...opts.headers,
    },
    body: opts.body ?? body(),
  });

async function answer(res: Response) {
  const json: unknown = await res.json();
  return res.ok
    ? { status: res.status, id: accepted.parse(json).id }
    : { status: res.status, ...refusal.parse(json) };
}

describe("Resend stand-in refusals", () => {
  it("refuses a key's third request in one second with Resend's 429, then lets the next second in", async () => {
    const key = "re_sandbox_refusals_rate";
    const answers = await Promise.all([post(key), post(key), post(key)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(RESEND_REQUESTS_PER_SECOND).toBe(2);
    const limited = answers[2]!;
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await answer(limited)).toEqual({
      status: 429,
      statusCode: 429,
      name: "rate_limit_exceeded",
      message: "Too many requests. You can only make 2 requests per second.",
    });
    // Another key is another team: not refused.
    expect((await post("re_sandbox_refusals_other")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await post(key)).status).toBe(200);
  });

  it("keeps the fixed fault keys", async () => {
    expect(await answer(await post("re_sandbox_invalid"))).toMatchObject({
      status: 403,
      name: "invalid_api_key",
    });
    // Always refused, however slowly asked: not the per-second count.
    expect(await answer(await post("re_sandbox_rate_limited"))).toMatchObject({
      status: 429,
      name: "rate_limit_exceeded",
    });
    expect(await answer(await post("re_sandbox_daily_quota"))).toMatchObject({
      status: 429,
      name: "daily_quota_exceeded",
    });
    await expect(post("re_sandbox_unreachable")).rejects.toThrow(TypeError);
  });

  it("refuses an Idempotency-Key outside 1-256 characters and sends nothing", async () => {
    const key = "re_sandbox_refusals_idem";
    for (const bad of ["", "k".repeat(257)]) {
      expect(await answer(await post(key, { headers: { "idempotency-key": bad } }))).toEqual({
        status: 400,
        statusCode: 400,
        name: "invalid_idempotency_key",
        message: "The key must be between 1-256 chars.",
      });
    }
    expect(resendEmulatorDelivered(key)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const longest = await answer(
      await post(key, { headers: { "idempotency-key": "k".repeat(256) } }),
    );
    expect(longest).toMatchObject({ status: 200 });
  });

  it("names a missing field 422 and an unverified sending domain 403, as Resend's errors page", async () => {
    const key = "re_sandbox_refusals_fields";
    for (const field of ["from", "to", "subject"]) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await answer(await post(key, { body: body({ [field]: undefined }) }))).toEqual({
        status: 422,
        statusCode: 422,
        name: "missing_required_field",
        message: `Missing \`${field}\` field.`,
      });
    }
    const unverified = await answer(
      await post("re_sandbox_unverified_domain", {
        body: body({ from: "Crosscast <no-reply@crosscast.test>" }),
      }),
    );
    expect(unverified).toEqual({
      status: 403,
      statusCode: 403,
      name: "validation_error",
      message:
        "The crosscast.test domain is not verified. Please, add and verify your domain on https://resend.com/domains",
    });
    expect(resendEmulatorDelivered(key)).toEqual([]);
  });

  it("checks tags against the documented Tag charset and length", async () => {
    const key = "re_sandbox_refusals_tags";
    const tagged = async (tags: unknown) => {
      // One request a second, so the per-second count never answers for the tags.
      await new Promise((resolve) => setTimeout(resolve, 600));
      return answer(await post(key, { body: body({ tags }) }));
    };
    for (const tags of [
      [{ name: "kind", value: "self.reset" }],
      [{ name: "the kind", value: "x" }],
      [{ name: "kind", value: "é" }],
      [{ name: "kind", value: "v".repeat(257) }],
      [{ name: "", value: "x" }],
    ])
      expect(await tagged(tags), JSON.stringify(tags).slice(0, 60)).toMatchObject({
        status: 400,
        statusCode: 400,
        name: "validation_error",
      });
    expect(
      await tagged([{ name: "kind_2", value: `self_reset-${"v".repeat(245)}` }]),
    ).toMatchObject({
      status: 200,
    });
  });
});
