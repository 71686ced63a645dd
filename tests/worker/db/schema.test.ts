import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { createChannel, createOrganization, createVideo, db } from "../support/factories";

/** drizzle wraps D1 errors ("Failed query: ..."); the constraint name is in the cause. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String(error instanceof Error ? (error.cause ?? error.message) : error);
  }
  return "no error";
}

const expectedTables = [
  "users", "sessions", "auth_tokens", "auth_attempts", "organizations", "user_organizations", "integrations",
  "google_connections", "audit_log", "channels", "videos", "shows", "episodes", "channel_metrics", "video_metrics",
  "show_metrics", "episode_metrics", "ingestion_jobs", "reports", "report_files", "report_schedules", "schedule_runs",
  "persistent_sheets", "multi_channel_previews", "preview_matches", "email_outbox",
];

describe("the migrated schema", () => {
  it("has every table of the data model", async () => {
    const { results } = await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{ name: string }>();
    const names = results.map((r) => r.name);
    for (const table of expectedTables) expect(names, table).toContain(table);
  });

  it("keeps external ids unique per organisation, not globally", async () => {
    const [a, b] = [await createOrganization(), await createOrganization()];
    await createChannel(a.id, "UC-shared");
    expect(await failureOf(createChannel(a.id, "UC-shared"))).toMatch(/UNIQUE constraint failed/);
    await expect(createChannel(b.id, "UC-shared")).resolves.toMatchObject({ organizationId: b.id });
  });

  it("deletes a channel's videos and snapshots with it", async () => {
    const org = await createOrganization();
    const channel = await createChannel(org.id);
    const video = await createVideo(org.id, channel.id);
    await db().insert(schema.videoMetrics).values({ organizationId: org.id, videoId: video.id, capturedAt: new Date(), date: "2026-11-01", views: 10 });
    await db().delete(schema.channels).where(eq(schema.channels.id, channel.id));
    expect(await db().select().from(schema.videos).where(eq(schema.videos.channelId, channel.id))).toEqual([]);
    expect(await db().select().from(schema.videoMetrics).where(eq(schema.videoMetrics.videoId, video.id))).toEqual([]);
  });

  it("deletes everything an organisation owns with it", async () => {
    const org = await createOrganization();
    const channel = await createChannel(org.id);
    await createVideo(org.id, channel.id);
    await db().delete(schema.organizations).where(eq(schema.organizations.id, org.id));
    expect(await db().select().from(schema.channels).where(eq(schema.channels.organizationId, org.id))).toEqual([]);
    expect(await db().select().from(schema.videos).where(eq(schema.videos.organizationId, org.id))).toEqual([]);
  });

  it("allows one run per schedule and slot", async () => {
    const org = await createOrganization();
    const [schedule] = await db()
      .insert(schema.reportSchedules)
      .values({
        organizationId: org.id, title: "Weekly", platform: "youtube", dateRange: { type: "30days", range: null },
        selectedEntities: [], frequency: "weekly", dayOfWeek: 1, scheduledTime: "06:00",
      })
      .returning();
    const run = { organizationId: org.id, scheduleId: schedule!.id, slot: "2026-11-23T06:00:00.000Z" };
    await db().insert(schema.scheduleRuns).values(run);
    expect(await failureOf(db().insert(schema.scheduleRuns).values(run))).toMatch(/UNIQUE constraint failed/);
    const inserted = await db().insert(schema.scheduleRuns).values(run).onConflictDoNothing().returning();
    expect(inserted).toEqual([]);
  });

  it("stores structured values as JSON and reads them back typed", async () => {
    const org = await createOrganization();
    const [report] = await db()
      .insert(schema.reports)
      .values({
        organizationId: org.id, title: "R", platform: "youtube", exportType: "one-time",
        dateRange: { type: "custom", range: { start: "2026-01-01T00:00:00.000Z", end: "2026-01-31T23:59:59.999Z" } },
        selectedEntities: ["a", "b"],
      })
      .returning();
    expect(report!.selectedEntities).toEqual(["a", "b"]);
    expect(report!.createdAt).toBeInstanceOf(Date);
    expect(report!.status).toBe("queued");
  });
});
