import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { sendEmail } from "../../../worker/providers/email";
import { ResendSender } from "../../../worker/providers/email/resend";
import {
  resendEmulatorDelivered,
  resendEmulatorFetch,
} from "../../../worker/providers/email/resend-emulator";
import { confirmationEmail } from "../../../worker/providers/email/templates";
import { type Exchange, sandboxTraffic } from "../../../worker/sandbox/traffic";
import { randomEmail } from "../support/accounts";
import { callWithEnv } from "../support/http";
import { outboxRows } from "../support/mail";

/*
 * Resend's limits as a caller meets them (audit F5): 2 requests a second for the whole team,
 * answered 429 rate_limit_exceeded, which the client waits out; quota 429s, which it does not;
 * and the Idempotency-Key that makes a retry safe. Through the real client, the app's sendEmail
 * and sign-up, and the Resend stand-in. The stand-in counts each API key on its own, so each test
 * uses its own key and no test's requests eat another's allowance.
 */

const withKey = (key: string): Env => ({ ...env, RESEND_API_KEY: key });
const ctx = { brandName: "Crosscast", origin: "http://localhost" };
const message = (to: string) => confirmationEmail(to, "http://localhost/confirm", ctx);

/** Runs `work` with the sandbox's traffic recorded; answers the Resend exchanges it made. */
async function resendTraffic(work: () => Promise<unknown>): Promise<Exchange[]> {
  let traffic: Exchange[] = [];
  sandboxTraffic.start();
  try {
    await work();
  } finally {
    traffic = sandboxTraffic.stop();
  }
  return traffic.filter((e) => e.url.endsWith("/emails"));
}
afterEach(() => void sandboxTraffic.stop());

describe("Resend rate limit and idempotency", () => {
  it("five sends in the same second all arrive, each with its own id", async () => {
    const to = Array.from({ length: 5 }, () => randomEmail("burst"));
    let results: Awaited<ReturnType<typeof sendEmail>>[] = [];
    const traffic = await resendTraffic(async () => {
      results = await Promise.all(
        to.map((address) => sendEmail(withKey("re_sandbox_ok"), message(address))),
      );
    });
    // The burst did meet the limit (else this test would show nothing)...
    expect(traffic.filter((e) => e.status === 429).length).toBeGreaterThan(0);
    // ...and still every email went out, each its own.
    expect(results.map((r) => r.sent)).toEqual([true, true, true, true, true]);
    expect(new Set(results.map((r) => r.id)).size).toBe(5);
    for (const [i, address] of to.entries()) {
      const rows = await outboxRows(address);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "sent", providerMessageId: results[i]!.id });
    }
    expect(resendEmulatorDelivered("re_sandbox_ok")).toHaveLength(5);
  });

  it("five sign-ups at once all get their confirmation email", async () => {
    const key = "re_sandbox_signups";
    const emails = Array.from({ length: 5 }, () => randomEmail("signup-burst"));
    const answers = await Promise.all(
      emails.map((email) =>
        callWithEnv({ RESEND_API_KEY: key }, "/api/auth/sign-up", {
          body: { email, password: "a good long password" },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await Promise.all(emails.map(async (email) => (await outboxRows(email))[0]));
    expect(rows.map((r) => [r?.kind, r?.status])).toEqual(
      emails.map(() => ["confirmation", "sent"]),
    );
    expect(new Set(rows.map((r) => r?.providerMessageId)).size).toBe(5);
    expect(resendEmulatorDelivered(key)).toHaveLength(5);
  });

  it("a repeated Idempotency-Key answers the first id and sends one email", async () => {
    const key = "re_sandbox_idempotent";
    const sender = new ResendSender(key, "Crosscast <a@b.c>", undefined, resendEmulatorFetch);
    const to = randomEmail("idem");
    const first = await sender.send(message(to), { idempotencyKey: "crosscast-email/one" });
    const again = await sender.send(message(to), { idempotencyKey: "crosscast-email/one" });
    expect(first).toMatchObject({ sent: true });
    expect(again).toEqual(first);
    expect(resendEmulatorDelivered(key)).toEqual([first.id]);
    // Another key is another email.
    const other = await sender.send(message(to), { idempotencyKey: "crosscast-email/two" });
    expect(other.id).not.toBe(first.id);
    expect(resendEmulatorDelivered(key)).toEqual([first.id, other.id]);
  });

  it("asks again a bounded number of times, naming the email by its outbox row each time", async () => {
    const to = randomEmail("limited");
    const traffic = await resendTraffic(() =>
      sendEmail(withKey("re_sandbox_rate_limited"), message(to)),
    );
    const [row] = await outboxRows(to);
    expect(row).toMatchObject({
      status: "failed",
      errorMessage: "Resend answered 429 rate_limit_exceeded",
    });
    // An inline send: the first request and two retries, then it gives up.
    expect(traffic.map((e) => e.status)).toEqual([429, 429, 429]);
    expect(traffic.map((e) => e.requestHeaders["idempotency-key"])).toEqual(
      traffic.map(() => `crosscast-email/${row!.id}`),
    );
    // Each request the same: Resend's idempotency holds only for an identical request.
    expect(new Set(traffic.map((e) => e.requestBody)).size).toBe(1);
  });

  it("a daily or monthly quota 429 is not retried", async () => {
    for (const [key, name] of [
      ["re_sandbox_daily_quota", "daily_quota_exceeded"],
      ["re_sandbox_monthly_quota", "monthly_quota_exceeded"],
    ] as const) {
      const to = randomEmail("quota");
      const traffic = await resendTraffic(() => sendEmail(withKey(key), message(to)));
      expect(
        traffic.map((e) => e.status),
        key,
      ).toEqual([429]);
      expect((await outboxRows(to))[0], key).toMatchObject({
        status: "failed",
        errorMessage: `Resend answered 429 ${name}`,
      });
    }
  });
});
