import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { ApiError } from "../../errors";

type Kind = (typeof authAttempts.$inferSelect)["kind"];
type Rule = { kind: Kind; limit: number; windowMs: number };

const MINUTE = 60_000;
// Failed sign-ins are throttled with growing delays instead (sign-in-throttle.ts).
/** Reset requests: 3 per account and 10 per address in an hour. */
export const resetRules = {
  account: { kind: "reset_request", limit: 3, windowMs: 60 * MINUTE },
  ip: { kind: "reset_request", limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Rule>;
/**
 * Sign-ups: 3 per address and 20 per IP in an hour. Every sign-up sends an email to whatever
 * address was typed, so without a cap the form could flood a stranger's inbox, burn the email
 * quota or fill the database with unconfirmed accounts.
 */
export const signUpRules = {
  account: { kind: "signup", limit: 3, windowMs: 60 * MINUTE },
  ip: { kind: "signup", limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, Rule>;

export const accountKey = (email: string) => `email:${email}`;
export const ipKey = (ip: string | undefined) => `ip:${ip ?? "unknown"}`;

export const rateLimitedError = () =>
  new ApiError("RATE_LIMITED", "Too many failed attempts. Please try again later.", {
    reason: "rate_limited",
  });

async function countRecent(db: Db, key: string, rule: Rule, now: number) {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.key, key),
        eq(authAttempts.kind, rule.kind),
        gt(authAttempts.createdAt, new Date(now - rule.windowMs)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Throws 429 when either key is over its limit. Unknown accounts are counted like known ones, so
 * the answer never reveals whether an account exists.
 */
export async function assertUnderLimit(
  db: Db,
  keys: { account: string; ip: string },
  rules: { account: Rule; ip: Rule },
  now = Date.now(),
) {
  const [accountCount, ipCount] = await Promise.all([
    countRecent(db, keys.account, rules.account, now),
    countRecent(db, keys.ip, rules.ip, now),
  ]);
  if (accountCount >= rules.account.limit || ipCount >= rules.ip.limit) throw rateLimitedError();
}

export async function recordAttempt(
  db: Db,
  keys: { account: string; ip: string },
  kind: Kind,
  now = Date.now(),
) {
  await db.insert(authAttempts).values([
    { key: keys.account, kind, createdAt: new Date(now) },
    { key: keys.ip, kind, createdAt: new Date(now) },
  ]);
}
