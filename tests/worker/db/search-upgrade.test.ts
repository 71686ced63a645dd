import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { getDb } from "../../../worker/db/client";
import { runReads } from "../../../worker/db/reads";
import { tableSpecs } from "../../../worker/features/tables/specs";
import { upgradeDb as db, run } from "./upgrade-db";

/*
 * Migration 0011 (organisation-scoped search) on a database whose title indexes were written
 * before it: every existing title is found again by its own organisation, never by another, and
 * rows written afterwards are indexed the new way.
 */
const SCOPED = "0011_org_scoped_search.sql";

/** An organisation with a channel and one video per title, written through plain SQL. */
async function organizationWithVideos(orgId: string, channelTitle: string, titles: string[]) {
  const now = Date.now();
  await run(
    "insert into organizations (id, name, created_at, updated_at) values (?, ?, ?, ?)",
    orgId,
    `Org ${orgId}`,
    now,
    now,
  );
  const channelId = `ch-${orgId}`;
  await run(
    `insert into channels (id, organization_id, external_id, title, created_at) values (?, ?, ?, ?, ?)`,
    channelId,
    orgId,
    `UC-${orgId}`,
    channelTitle,
    now,
  );
  for (const [i, title] of titles.entries())
    await run(
      `insert into videos (id, organization_id, channel_id, external_id, title, publish_date, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      `${orgId}-v${i}`,
      orgId,
      channelId,
      `ext-${i}`,
      title,
      now - i * 1000,
      now,
    );
}

/** The titles of the organisation's searched Videos page, as the product reads it. */
async function searchedTitles(orgId: string, q: string) {
  const drizzleDb = getDb({ DB: db() });
  const query = tableQuerySchema.parse({ q, sort: "title", dir: "asc" });
  const rows = await runReads(
    drizzleDb,
    tableSpecs.videos.page(drizzleDb, orgId, query, 200, 0, Date.now()),
  );
  return rows.map((r) => r.title);
}

describe("migration 0011, organisation-scoped search", () => {
  it("finds every title written before it, each by its own organisation only", async () => {
    const migrations = env.MIGRATIONS;
    expect(migrations.some((m) => m.name === SCOPED)).toBe(true);
    await applyD1Migrations(
      db(),
      migrations.filter((m) => m.name < SCOPED),
    );
    const ours = "5e1f0c2a-0000-4000-8000-000000000001";
    const theirs = "9b3d7e4c-0000-4000-8000-000000000002";
    await organizationWithVideos(ours, "Café Stories", ["Crème brûlée", "Morning news"]);
    await organizationWithVideos(theirs, "Other channel", ["Morning news", "CRÈME fraîche"]);
    await applyD1Migrations(db(), migrations);

    expect(await searchedTitles(ours, "crème")).toEqual(["Crème brûlée"]);
    expect(await searchedTitles(theirs, "crème")).toEqual(["CRÈME fraîche"]);
    expect(await searchedTitles(ours, "morning")).toEqual(["Morning news"]);
    // By the channel's title, written before the migration too.
    expect(await searchedTitles(ours, "CAFÉ")).toEqual(["Crème brûlée", "Morning news"]);
    expect(await searchedTitles(theirs, "café")).toEqual([]);

    // Written after it: a new title, a rename and a delete are searchable at once.
    await run(
      `insert into videos (id, organization_id, channel_id, external_id, title, publish_date, created_at)
       values ('late', ?, ?, 'ext-late', 'Late edition', 1, 1)`,
      ours,
      `ch-${ours}`,
    );
    await run("update videos set title = 'Evening news' where id = ?", `${ours}-v1`);
    await run("delete from videos where id = ?", `${ours}-v0`);
    expect(await searchedTitles(ours, "edition")).toEqual(["Late edition"]);
    expect(await searchedTitles(ours, "news")).toEqual(["Evening news"]);
    expect(await searchedTitles(ours, "crème")).toEqual([]);
    expect(await searchedTitles(theirs, "news")).toEqual(["Morning news"]);
  });
});
