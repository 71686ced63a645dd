import { env } from "cloudflare:test";
import { like } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { schema } from "../../../worker/db/client";
import { fromBase64 } from "../../../worker/lib/crypto/encoding";
import { createUser, randomEmail } from "../support/accounts";
import { createOrganization, db } from "../support/factories";
import { call, callWithEnv, envelope, signIn } from "../support/http";
import { mailbox } from "../support/mail";

/*
 * Findings of the route-by-route probe (issue 14) in accounts and sessions. Each test failed
 * before its fix.
 */

describe("sign-in does the same work whatever the account's state", () => {
  afterEach(() => vi.restoreAllMocks());

  /** PBKDF2 derivations one sign-in costs: what its answer time is made of. */
  async function derivationsFor(email: string, password: string) {
    const spy = vi.spyOn(crypto.subtle, "deriveBits");
    await call("/api/auth/sign-in", { body: { email, password } });
    const n = spy.mock.calls.length;
    spy.mockRestore();
    return n;
  }

  it("a pending reset, a plain account and an unknown email cost the same hash checks", async () => {
    const plain = await createUser();
    const resetting = await createUser();
    await call("/api/auth/reset-request", { body: { email: resetting.email } });
    // Warm the dummy hash so its one-time creation is not counted.
    await derivationsFor(randomEmail(), "warm-up-password");
    const counts = {
      plainWrong: await derivationsFor(plain.email, "a wrong password"),
      resettingWrong: await derivationsFor(resetting.email, "a wrong password"),
      unknown: await derivationsFor(randomEmail(), "a wrong password"),
      plainRight: await derivationsFor(plain.email, plain.password),
    };
    expect(counts.plainWrong).toBeGreaterThan(0);
    expect(counts).toEqual({
      plainWrong: counts.plainWrong,
      resettingWrong: counts.plainWrong,
      unknown: counts.plainWrong,
      plainRight: counts.plainWrong,
    });
  });
});

describe("access tokens", () => {
  const sign = (claims: Record<string, unknown>, exp?: number) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("crosscast")
      .setAudience("crosscast-api")
      .setIssuedAt();
    if (exp) jwt.setExpirationTime(exp);
    return jwt.sign(fromBase64(env.JWT_SECRET));
  };

  it("a correctly signed token without exp is refused", async () => {
    const { email, password, user } = await createUser();
    const session = await signIn(email, password);
    const [, payload] = session.accessToken.split(".");
    const { sid } = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as {
      sid: string;
    };
    const forever = await sign({ sub: user.id, sid });
    const r = await call("/api/auth/me", { token: forever });
    expect(r.status).toBe(401);
    // The same claims with an expiry are accepted: only the missing exp is refused.
    const bounded = await sign({ sub: user.id, sid }, Math.floor(Date.now() / 1000) + 60);
    expect((await call("/api/auth/me", { token: bounded })).status).toBe(200);
  });
});

describe("the caller's address", () => {
  it("outside Cloudflare a client-chosen CF-Connecting-IP does not buy fresh attempts", async () => {
    // Twenty-five accounts each guessed once, every request claiming a new address.
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await call("/api/auth/sign-in", {
        body: { email: randomEmail("spray"), password: "guess-guess" },
        headers: { "cf-connecting-ip": `198.51.100.${i + 1}` },
      });
      answers.push(r.status);
    }
    // All came from one real address: it is throttled after its free failures (20), whatever
    // the header said.
    expect(answers).toContain(429);
    // Forget them again: every other test of this file signs in from the same local address.
    await db().delete(schema.authAttempts).where(like(schema.authAttempts.key, "%local%"));
  });

  it("behind Cloudflare the edge's CF-Connecting-IP is the address", async () => {
    const production = { APP_ENV: "production" };
    for (let i = 0; i < 21; i++)
      await callWithEnv(production, "/api/auth/sign-in", {
        body: { email: randomEmail("spray"), password: "guess-guess" },
        headers: { "cf-connecting-ip": "203.0.113.50" },
        host: "app.crosscast.example",
      });
    const { email, password } = await createUser();
    const blocked = await callWithEnv(production, "/api/auth/sign-in", {
      body: { email, password },
      headers: { "cf-connecting-ip": "203.0.113.50" },
      host: "app.crosscast.example",
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await callWithEnv(production, "/api/auth/sign-in", {
      body: { email, password },
      headers: { "cf-connecting-ip": "203.0.113.51" },
      host: "app.crosscast.example",
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("emailed links", () => {
  it("point at the brand's configured origin, never at the request's Host header", async () => {
    const { email } = await createUser();
    await callWithEnv({}, "/api/auth/reset-request", {
      body: { email },
      host: "evil.example",
    });
    const [mail] = await mailbox(email);
    expect(mail!.text).toContain("https://app.crosscast.example/#access_token=");
    expect(mail!.text).not.toContain("evil.example");
  });

  it("the data-center brand links to its own origin", async () => {
    const { email } = await createUser();
    await callWithEnv({}, "/api/auth/reset-request", {
      body: { email },
      host: "datacenter.evil.example",
    });
    const [mail] = await mailbox(email);
    expect(mail!.text).toContain("https://datacenter.crosscast.example/#access_token=");
    expect(mail!.text).not.toContain("evil.example");
  });

  it("in development on a loopback host they keep the local origin (any port)", async () => {
    const { email } = await createUser();
    await callWithEnv({}, "/api/auth/reset-request", { body: { email }, host: "127.0.0.1:9123" });
    const [mail] = await mailbox(email);
    expect(mail!.text).toContain("http://127.0.0.1:9123/#access_token=");
  });
});

describe("names", () => {
  const BAD = ["Ada\u0000Lovelace", "Ada \u202Eecalevol", "Ada\u2066x\u2069", "Ada\nLovelace"];

  it("refuse control and text-direction characters everywhere a name is typed", async () => {
    const org = await createOrganization();
    const admin = await createUser({ organizationId: org.id, role: "admin" });
    const { accessToken: token } = await signIn(admin.email, admin.password);
    for (const name of BAD) {
      const cases = [
        call("/api/auth/sign-up", {
          body: { email: randomEmail(), password: "long enough password", name },
        }),
        call("/api/account/profile", {
          method: "PATCH",
          body: { phoneNumber: null, name },
          token,
        }),
        call(`/api/orgs/${org.id}`, { method: "PATCH", body: { name }, token }),
        call(`/api/orgs/${org.id}/members`, {
          body: { email: randomEmail(), name, role: "standard" },
          token,
        }),
      ];
      for (const r of await Promise.all(cases)) {
        expect(r.status, `${JSON.stringify(name)}: ${r.text}`).toBe(400);
        expect(envelope(r.json).field).toBe("name");
      }
    }
    // Ordinary names in any script still work, right-to-left ones included.
    for (const name of ["Zoë Ünal", "מרים כהן", "李小龍"]) {
      const r = await call("/api/account/profile", {
        method: "PATCH",
        body: { phoneNumber: null, name },
        token,
      });
      expect(r.status, r.text).toBe(200);
    }
  });
});

describe("development pages", () => {
  it("/dev/mailbox, which shows temporary passwords, is never cached", async () => {
    const r = await call("/dev/mailbox");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("cache-control")).toBe("no-store");
  });
});
