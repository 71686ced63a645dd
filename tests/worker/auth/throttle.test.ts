import { like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { createUser, randomEmail } from "../support/accounts";
import { db } from "../support/factories";
import { callFrom, envelope } from "../support/http";

/*
 * Lockout without denial of service (issue 14): failed sign-ins are slowed with growing delays
 * per account-and-address, per account from unfamiliar addresses and per address, instead of a
 * hard lock that a stranger's five guesses could impose on the owner.
 */

const OWNER_HOME = "198.51.100.7";
const signInFrom = (ip: string, email: string, password: string) =>
  callFrom(ip, "/api/auth/sign-in", { body: { email, password } });

/** Moves every recorded failure of a key back in time, as if the wait had passed. */
async function age(keyPattern: string, ms: number) {
  await db()
    .update(schema.authAttempts)
    .set({ createdAt: sql`${schema.authAttempts.createdAt} - ${ms}` })
    .where(like(schema.authAttempts.key, keyPattern));
}

/** An owner who has signed in from their usual address before. */
async function ownerWithHome() {
  const owner = await createUser();
  expect((await signInFrom(OWNER_HOME, owner.email, owner.password)).status).toBe(200);
  return owner;
}

describe("failed sign-ins", () => {
  it("a stranger's guesses never lock the owner out of their usual address", async () => {
    const owner = await ownerWithHome();
    const stranger = "203.0.113.66";
    // A sustained attack: every wait is sat out, so each guess is really looked at.
    for (let i = 0; i < 12; i++) {
      if (i > 0) await age(`%${owner.email}%`, 3 * 60_000);
      const r = await signInFrom(stranger, owner.email, `guess number ${i}`);
      expect(r.status, r.text).toBe(401);
    }
    // The stranger is kept waiting, the owner is not.
    expect((await signInFrom(stranger, owner.email, "one more guess")).status).toBe(429);
    const r = await signInFrom(OWNER_HOME, owner.email, owner.password);
    expect(r.status, r.text).toBe(200);
  }, 30_000);

  it("guessing from one address waits longer after each failure, whatever the password", async () => {
    const owner = await ownerWithHome();
    const guesser = "203.0.113.77";
    for (let i = 0; i < 5; i++)
      expect((await signInFrom(guesser, owner.email, `guess ${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Straight away: refused before the password is looked at, even the right one.
      const early = await signInFrom(guesser, owner.email, owner.password);
      expect(early.status).toBe(429);
      expect(envelope(early.json).message).toBe(
        "Too many failed attempts. Please try again later.",
      );
      const wait = Number(early.res.headers.get("retry-after"));
      waits.push(wait);
      // Once the wait has passed, one more guess is looked at (and fails).
      await age(`email-ip:${owner.email}|${guesser}`, wait * 1000);
      expect((await signInFrom(guesser, owner.email, `later guess ${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // After the wait the owner's right password from that address works too.
    await age(`email-ip:${owner.email}|${guesser}`, 16_000);
    expect((await signInFrom(guesser, owner.email, owner.password)).status).toBe(200);
  });

  it("many addresses guessing one account are slowed together, the usual address is not", async () => {
    const owner = await ownerWithHome();
    for (let i = 0; i < 10; i++)
      expect((await signInFrom(`192.0.2.${i + 1}`, owner.email, `guess ${i}`)).status).toBe(401);
    const fresh = await signInFrom("192.0.2.200", owner.email, `guess again`);
    expect(fresh.status).toBe(429);
    expect((await signInFrom(OWNER_HOME, owner.email, owner.password)).status).toBe(200);
  });

  it("one address spraying many accounts is slowed after twenty failures", async () => {
    const sprayer = "203.0.113.88";
    for (let i = 0; i < 20; i++)
      expect((await signInFrom(sprayer, randomEmail("spray"), "guess-guess")).status).toBe(401);
    const next = await signInFrom(sprayer, randomEmail("spray"), "guess-guess");
    expect(next.status).toBe(429);
    expect(Number(next.res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("an unknown email is slowed exactly like a known one", async () => {
    const known = await createUser();
    const ghost = randomEmail("ghost");
    const ip = "203.0.113.99";
    for (let i = 0; i < 5; i++) {
      await signInFrom(ip, known.email, `guess ${i}`);
      await signInFrom(ip, ghost, `guess ${i}`);
    }
    const [a, b] = [
      await signInFrom(ip, known.email, "guess again"),
      await signInFrom(ip, ghost, "guess again"),
    ];
    expect([a.status, b.status]).toEqual([429, 429]);
    expect(a.res.headers.get("retry-after")).toBe(b.res.headers.get("retry-after"));
    expect({ ...envelope(a.json), requestId: "" }).toEqual({ ...envelope(b.json), requestId: "" });
  });
});
