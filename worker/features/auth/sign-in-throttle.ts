import { and, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../../db/client";
import { authAttempts, sessions, users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { rateLimitedError } from "./rate-limit";

/*
 * Failed sign-ins slow guessing down with growing delays instead of locking the account
 * (docs/security.md has the trade-off). Three counters, each with some free failures and then a
 * wait that doubles with every further failure (1 s, 2 s, 4 s ... at most 15 minutes) after the
 * latest one:
 *   - this account from this address (5 free): one guesser is slowed to a crawl;
 *   - this account from addresses it has never signed in from (10 free): many guessers are too;
 *   - this address across accounts (20 free): one address spraying many accounts is slowed.
 * The owner signing in from an address they have used before meets only the first counter, which
 * a stranger elsewhere cannot raise: the right password from the usual address keeps working.
 * While a wait runs, every attempt is refused without looking at the password, so the refusal
 * says nothing about whether the password was right.
 */

const MINUTE = 60_000;
/** Failures older than this are forgotten (and purged by the maintenance job after a day). */
export const FAILURE_MEMORY_MS = 60 * MINUTE;
export const FREE_FAILURES = { pair: 5, account: 10, address: 20 } as const;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * MINUTE;

/** The wait after `failures` failures when `free` of them cost nothing. */
export const delayAfter = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (failures - free), MAX_DELAY_MS);

export type ThrottleKeys = { pair: string; account: string; address: string };

export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  pair: `email-ip:${email}|${ip}`,
  account: `email:${email}`,
  address: `ip:${ip}`,
});

/** Whether this account has ever signed in from this address (its sessions remember the address). */
async function isUsualAddress(db: Db, email: string, ip: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email), eq(sessions.ip, ip)))
    .limit(1);
  return !!row;
}

/** How long the caller must still wait before the next attempt is looked at (0: go ahead). */
export async function signInWait(
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
): Promise<number> {
  const keys = throttleKeys(email, ip);
  const [rows, usual] = await Promise.all([
    db
      .select({ key: authAttempts.key, failures: count(), latest: max(authAttempts.createdAt) })
      .from(authAttempts)
      .where(
        and(
          inArray(authAttempts.key, [keys.pair, keys.account, keys.address]),
          eq(authAttempts.kind, "signin_failure"),
          gt(authAttempts.createdAt, new Date(now - FAILURE_MEMORY_MS)),
        ),
      )
      .groupBy(authAttempts.key),
    isUsualAddress(db, email, ip),
  ]);
  const waitFor = (key: string, free: number) => {
    const row = rows.find((r) => r.key === key);
    if (!row?.latest) return 0;
    return Math.max(0, row.latest.getTime() + delayAfter(row.failures, free) - now);
  };
  return Math.max(
    waitFor(keys.pair, FREE_FAILURES.pair),
    usual ? 0 : waitFor(keys.account, FREE_FAILURES.account),
    waitFor(keys.address, FREE_FAILURES.address),
  );
}

/** Refuses with 429 and Retry-After while a wait runs. */
export async function assertMayTrySignIn(
  c: Context<AppEnv>,
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
) {
  const wait = await signInWait(db, email, ip, now);
  if (wait <= 0) return;
  c.header("Retry-After", String(Math.ceil(wait / 1000)));
  throw rateLimitedError();
}

export async function recordSignInFailure(db: Db, email: string, ip: string, now = Date.now()) {
  const keys = throttleKeys(email, ip);
  await db.insert(authAttempts).values(
    [keys.pair, keys.account, keys.address].map((key) => ({
      key,
      kind: "signin_failure" as const,
      createdAt: new Date(now),
    })),
  );
}

/** A successful sign-in forgives the account's failures (not the address's, which may be shared). */
export async function forgiveSignInFailures(db: Db, email: string, ip: string) {
  const keys = throttleKeys(email, ip);
  await db
    .delete(authAttempts)
    .where(
      and(
        inArray(authAttempts.key, [keys.pair, keys.account]),
        eq(authAttempts.kind, "signin_failure"),
      ),
    );
}
