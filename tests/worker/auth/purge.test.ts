import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { purgeTargets } from "../../../worker/jobs/purge-targets";
import { createUser } from "../support/accounts";
import { createOrganization, db } from "../support/factories";

const HOUR = 3600_000;

describe("hourly purge of expired auth rows", () => {
  it("deletes expired sessions, revoked families, expired links and day-old attempts, and keeps the rest", async () => {
    const { user } = await createUser();
    const now = Date.now();
    const session = (familyId: string, expiresIn: number, revokedAgo?: number) => ({
      userId: user.id,
      familyId,
      refreshTokenHash: crypto.randomUUID(),
      expiresAt: new Date(now + expiresIn),
      revokedAt: revokedAgo === undefined ? null : new Date(now - revokedAgo),
    });
    const sessions = await db()
      .insert(schema.sessions)
      .values([
        session("live", 24 * HOUR),
        session("expired", -HOUR),
        session("revoked-long-ago", 24 * HOUR, 25 * HOUR),
        session("revoked-just-now", 24 * HOUR, HOUR),
      ])
      .returning({ id: schema.sessions.id, familyId: schema.sessions.familyId });
    await db()
      .insert(schema.authTokens)
      .values([
        {
          userId: user.id,
          kind: "recovery",
          tokenHash: "fresh-token",
          expiresAt: new Date(now + HOUR),
        },
        {
          userId: user.id,
          kind: "recovery",
          tokenHash: "stale-token",
          expiresAt: new Date(now - HOUR),
        },
      ]);
    await db()
      .insert(schema.authAttempts)
      .values([
        { key: "email:purge@example.com", kind: "signin_failure", createdAt: new Date(now - HOUR) },
        {
          key: "email:purge@example.com",
          kind: "signin_failure",
          createdAt: new Date(now - 25 * HOUR),
        },
      ]);

    expect(purgeTargets.map((t) => t.name)).toEqual(
      expect.arrayContaining(["sessions", "auth_tokens", "auth_attempts"]),
    );
    for (const target of purgeTargets) await target.purge(env, now);

    const left = await db()
      .select({ familyId: schema.sessions.familyId })
      .from(schema.sessions)
      .where(
        inArray(
          schema.sessions.id,
          sessions.map((s) => s.id),
        ),
      );
    expect(left.map((s) => s.familyId).sort()).toEqual(["live", "revoked-just-now"]);
    const tokens = await db()
      .select({ hash: schema.authTokens.tokenHash })
      .from(schema.authTokens)
      .where(eq(schema.authTokens.userId, user.id));
    expect(tokens.map((t) => t.hash)).toEqual(["fresh-token"]);
    const attempts = await db()
      .select()
      .from(schema.authAttempts)
      .where(eq(schema.authAttempts.key, "email:purge@example.com"));
    expect(attempts).toHaveLength(1);
  });
});

describe("ingestion job purge", () => {
  it("deletes finished jobs older than 30 days and keeps recent or unfinished ones", async () => {
    const org = await createOrganization();
    const old = new Date(Date.now() - 31 * 86_400_000);
    await db()
      .insert(schema.ingestionJobs)
      .values([
        {
          organizationId: org.id,
          kind: "refresh.channel",
          target: {},
          status: "succeeded",
          createdAt: old,
        },
        {
          organizationId: org.id,
          kind: "refresh.channel",
          target: {},
          status: "queued",
          createdAt: old,
        },
        {
          organizationId: org.id,
          kind: "refresh.channel",
          target: {},
          status: "failed",
          createdAt: new Date(),
        },
      ]);
    const target = purgeTargets.find((t) => t.name === "ingestion_jobs")!;
    expect(await target.purge(env, Date.now())).toBe(1);
    const left = await db()
      .select({ status: schema.ingestionJobs.status })
      .from(schema.ingestionJobs)
      .where(eq(schema.ingestionJobs.organizationId, org.id));
    expect(left.map((j) => j.status).sort()).toEqual(["failed", "queued"]);
  });
});
