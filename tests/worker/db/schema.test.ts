import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayNumber } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { databaseFailureOf } from "../support/errors";
import { createChannel, createOrganization, createVideo, db } from "../support/factories";
import { createEpisode, createSchedule, createShow, fillOrganization } from "./org-fixture";

// The migrated schema of one database, all tables together: organisations as before the split.
const PRE_SPLIT = { binding: "DB" } as const;

// Identifiers below come from sqlite_master, never from input; values are always bound.
const rows = async <T>(query: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...params)
      .all<T>()
  ).results;
const countWhere = async (table: string, column: string, value: string | number) =>
  (
    await rows<{ n: number }>(`select count(*) as n from "${table}" where "${column}" = ?`, value)
  )[0]!.n;

type ForeignKey = { table: string; from: string; on_delete: string };
type Column = { name: string; notnull: number };

const expectedTables = [
  "users",
  "sessions",
  "auth_tokens",
  "auth_attempts",
  "organizations",
  "user_organizations",
  "invitations",
  "board_connections",
  "integrations",
  "google_connections",
  "audit_log",
  "channels",
  "videos",
  "shows",
  "episodes",
  "channel_metrics",
  "video_metrics",
  "show_metrics",
  "episode_metrics",
  "ingestion_jobs",
  "reports",
  "report_files",
  "report_schedules",
  "schedule_runs",
  "persistent_sheets",
  "multi_channel_previews",
  "preview_matches",
  "email_outbox",
  "table_stats",
  "video_title_groups",
  "youtube_owner_connections",
  "youtube_owner_videos",
  "youtube_video_daily",
  "youtube_channel_daily",
  "organization_databases",
  "organization_keys",
  "content_database_sizes",
];
/** FTS5 trigram indexes for title search (virtual tables; their shadow tables are theirs). */
const searchIndexes = ["channel_search", "video_search", "show_search", "episode_search"];

async function appTables() {
  const all = await rows<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_cf\\_%' escape '\\' and name != 'd1_migrations'",
  );
  const shadow = (name: string) => searchIndexes.some((s) => name.startsWith(`${s}_`));
  return all.map((r) => r.name).filter((n) => !searchIndexes.includes(n) && !shadow(n));
}

describe("the migrated schema", () => {
  it("has every table of the data model, and D1 enforces foreign keys", async () => {
    expect((await appTables()).sort()).toEqual([...expectedTables].sort());
    const virtual = await rows<{ name: string }>(
      "select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'",
    );
    expect(virtual.map((v) => v.name).sort()).toEqual([...searchIndexes].sort());
    expect(await rows<{ foreign_keys: number }>("pragma foreign_keys")).toEqual([
      { foreign_keys: 1 },
    ]);
  });

  it("gives every organisation-owned table a required organization_id that cascades", async () => {
    for (const table of await appTables()) {
      const orgColumn = (await rows<Column>(`pragma table_info("${table}")`)).find(
        (c) => c.name === "organization_id",
      );
      if (!orgColumn || table === "email_outbox") continue;
      const fk = (await rows<ForeignKey>(`pragma foreign_key_list("${table}")`)).find(
        (f) => f.from === "organization_id",
      );
      expect({
        table,
        notnull: orgColumn.notnull,
        references: fk?.table,
        onDelete: fk?.on_delete,
      }).toEqual({ table, notnull: 1, references: "organizations", onDelete: "CASCADE" });
    }
  });

  it("indexes every cascading foreign key, so deleting a parent never scans the child table", async () => {
    for (const table of await appTables()) {
      const leading = new Set<string>();
      for (const index of await rows<{ name: string }>(`pragma index_list("${table}")`)) {
        const first = (
          await rows<{ seqno: number; name: string }>(`pragma index_info("${index.name}")`)
        ).find((c) => c.seqno === 0);
        if (first) leading.add(first.name);
      }
      const cascading = (await rows<ForeignKey>(`pragma foreign_key_list("${table}")`)).filter(
        (f) => f.on_delete === "CASCADE",
      );
      for (const fk of cascading) expect(leading.has(fk.from), `${table}.${fk.from}`).toBe(true);
    }
  });

  it("keeps external ids unique per organisation, not globally", async () => {
    const [a, b] = [
      await createOrganization(undefined, PRE_SPLIT),
      await createOrganization(undefined, PRE_SPLIT),
    ];
    const externalId = `UC${crypto.randomUUID()}`;
    await createChannel(a.id, externalId);
    expect(await databaseFailureOf(createChannel(a.id, externalId))).toMatch(
      /UNIQUE constraint failed/,
    );
    await expect(createChannel(b.id, externalId)).resolves.toMatchObject({
      organizationId: b.id,
      externalId,
    });
  });

  it("refuses an email that is not stored lowercase", async () => {
    const email = `Mixed-${crypto.randomUUID().slice(0, 8)}@Example.com`;
    expect(
      await databaseFailureOf(db().insert(schema.users).values({ email, passwordHash: "unused" })),
    ).toMatch(/CHECK constraint failed/);
    await expect(
      db()
        .insert(schema.users)
        .values({ email: email.toLowerCase(), passwordHash: "unused" })
        .returning(),
    ).resolves.toHaveLength(1);
  });

  it("deletes a channel's videos and all their snapshots with it", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const [channel, other] = [await createChannel(org.id), await createChannel(org.id)];
    const video = await createVideo(org.id, channel.id);
    const kept = await createVideo(org.id, other.id);
    await db()
      .insert(schema.channelMetrics)
      .values({ organizationId: org.id, channelId: channel.id, date: "2026-11-01", totalViews: 5 });
    for (const v of [video, kept])
      await db()
        .insert(schema.videoMetrics)
        .values({ videoKey: v.key, capturedAt: new Date("2026-11-01T12:00:00Z"), views: 10 });
    await db().delete(schema.channels).where(eq(schema.channels.id, channel.id));
    expect(await countWhere("videos", "channel_id", channel.id)).toBe(0);
    expect(await countWhere("video_metrics", "video_key", video.key)).toBe(0);
    expect(await countWhere("video_metrics", "video_key", kept.key)).toBe(1);
    expect(await countWhere("channel_metrics", "channel_id", channel.id)).toBe(0);
    expect(await countWhere("videos", "id", kept.id)).toBe(1);
  });

  it("deletes a show's episodes and all their snapshots with it", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const show = await createShow(org.id);
    const episode = await createEpisode(org.id, show.id);
    await db()
      .insert(schema.showMetrics)
      .values({ organizationId: org.id, showId: show.id, date: "2026-11-01", downloads: 3 });
    await db()
      .insert(schema.episodeMetrics)
      .values({ episodeKey: episode.key, day: dayNumber("2026-11-01"), downloads: 3 });
    await db().delete(schema.shows).where(eq(schema.shows.id, show.id));
    for (const [table, column, id] of [
      ["episodes", "show_id", show.id],
      ["show_metrics", "show_id", show.id],
      ["episode_metrics", "episode_key", episode.key],
    ] as const) {
      expect(await countWhere(table, column, id), table).toBe(0);
    }
  });

  it("deletes everything an organisation owns with it, and nothing of another's", async () => {
    const [a, b] = [
      await createOrganization(undefined, PRE_SPLIT),
      await createOrganization(undefined, PRE_SPLIT),
    ];
    const filledA = await fillOrganization(a.id);
    const filledB = await fillOrganization(b.id);
    // The fixture must cover every table that has an organization_id; a new table fails here.
    const owned = [];
    for (const table of await appTables())
      if (
        (await rows<Column>(`pragma table_info("${table}")`)).some(
          (c) => c.name === "organization_id",
        )
      )
        owned.push(table);
    expect([...filledA.tables].sort()).toEqual(owned.sort());

    await db().delete(schema.organizations).where(eq(schema.organizations.id, a.id));
    for (const table of owned) {
      expect(
        await countWhere(table, "organization_id", a.id),
        `${table} of the deleted organisation`,
      ).toBe(0);
      expect(
        await countWhere(table, "organization_id", b.id),
        `${table} of the other organisation`,
      ).toBeGreaterThan(0);
    }
    // History rows carry the video's or episode's key instead: they go through the cascade.
    expect(await countWhere("video_metrics", "video_key", filledA.history.videoKey)).toBe(0);
    expect(await countWhere("episode_metrics", "episode_key", filledA.history.episodeKey)).toBe(0);
    expect(await countWhere("video_metrics", "video_key", filledB.history.videoKey)).toBe(1);
    expect(await countWhere("episode_metrics", "episode_key", filledB.history.episodeKey)).toBe(1);
    // Users are not owned by an organisation, and the mail log outlives it (detached).
    expect(await countWhere("users", "id", filledA.userId)).toBe(1);
    const [user] = await db()
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, filledA.userId));
    const mail = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, user!.email));
    expect(mail).toMatchObject([{ organizationId: null }]);
  });

  it("deletes a user's sessions and memberships but keeps what they created", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const { userId } = await fillOrganization(org.id);
    await db()
      .insert(schema.sessions)
      .values({
        userId,
        familyId: crypto.randomUUID(),
        refreshTokenHash: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      });
    await db().delete(schema.users).where(eq(schema.users.id, userId));
    expect(await countWhere("sessions", "user_id", userId)).toBe(0);
    expect(await countWhere("user_organizations", "user_id", userId)).toBe(0);
    const jobs = await db()
      .select()
      .from(schema.ingestionJobs)
      .where(eq(schema.ingestionJobs.organizationId, org.id));
    expect(jobs).toMatchObject([{ createdByUserId: null }]);
  });

  it("allows one run per schedule and slot", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const schedule = await createSchedule(org.id);
    const run = {
      organizationId: org.id,
      scheduleId: schedule.id,
      slot: "2026-11-23T06:00:00.000Z",
    };
    await db().insert(schema.scheduleRuns).values(run);
    expect(await databaseFailureOf(db().insert(schema.scheduleRuns).values(run))).toMatch(
      /UNIQUE constraint failed/,
    );
    expect(
      await db().insert(schema.scheduleRuns).values(run).onConflictDoNothing().returning(),
    ).toEqual([]);
    // The same slot of another schedule is a different run.
    const other = await createSchedule(org.id);
    await expect(
      db()
        .insert(schema.scheduleRuns)
        .values({ ...run, scheduleId: other.id })
        .returning(),
    ).resolves.toHaveLength(1);
  });

  it("stores structured values as JSON and times as epoch milliseconds, read back typed", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const dateRange = {
      type: "custom" as const,
      range: { start: "2026-01-01T00:00:00.000Z", end: "2026-01-31T23:59:59.999Z" },
    };
    const [report] = await db()
      .insert(schema.reports)
      .values({
        organizationId: org.id,
        title: "R",
        platform: "youtube",
        exportType: "one-time",
        dateRange,
        selectedEntities: ["a", "b"],
      })
      .returning();
    expect(report).toMatchObject({
      dateRange,
      selectedEntities: ["a", "b"],
      status: "queued",
      isPersistent: false,
    });
    expect(report!.createdAt).toBeInstanceOf(Date);
    const [raw] = await rows<{ date_range: string; created_at: number }>(
      "select date_range, created_at from reports where id = ?",
      report!.id,
    );
    expect(JSON.parse(raw!.date_range)).toEqual(dateRange);
    expect(raw!.created_at).toBe(report!.createdAt.getTime());
  });

  it("joins through the relations for db.query", async () => {
    const org = await createOrganization(undefined, PRE_SPLIT);
    const { userId } = await fillOrganization(org.id);
    const channel = await db().query.channels.findFirst({
      where: eq(schema.channels.organizationId, org.id),
      with: { videos: { with: { metrics: true } }, metrics: true },
    });
    expect(channel?.videos).toHaveLength(1);
    expect(channel?.videos[0]?.metrics).toHaveLength(1);
    expect(channel?.metrics).toHaveLength(1);
    const membership = await db().query.userOrganizations.findFirst({
      where: eq(schema.userOrganizations.userId, userId),
      with: { organization: true },
    });
    expect(membership).toMatchObject({
      role: "admin",
      organization: { id: org.id, timezone: "America/Los_Angeles" },
    });
    const report = await db().query.reports.findFirst({
      where: eq(schema.reports.organizationId, org.id),
      with: { files: true, schedule: true, persistentSheet: true },
    });
    expect(report).toMatchObject({
      files: [{ kind: "parent_csv" }],
      schedule: { frequency: "weekly" },
      persistentSheet: { sheetName: "Weekly" },
    });
  });
});
