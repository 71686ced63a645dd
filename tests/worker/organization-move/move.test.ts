import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { getDb } from "../../../worker/db/client";
import { runReads } from "../../../worker/db/reads";
import { MoveRefused } from "../../../worker/features/organization-move/move";
import { MOVE_TABLES } from "../../../worker/features/organization-move/tables";
import { searchKeyRange } from "../../../worker/features/tables/search";
import { tableSpecs } from "../../../worker/features/tables/specs";
import { directory, emptyTables, move, richOrganization, snapshot } from "./move-fixture";

const EVERY_TABLE = MOVE_TABLES.map((t) => t.name)
  // The organisation's row and its key row (made by the row's trigger) stay in the primary database.
  .filter((t) => t !== "organizations" && t !== "organization_keys")
  .sort();

/** How many of the organisation's videos a title search finds in `d1`, as the product reads it. */
async function searchedVideos(d1: D1Database, org: string, q: string) {
  const db = getDb({ DB: d1 });
  const query = tableQuerySchema.parse({ q });
  return (await runReads(db, tableSpecs.videos.total(db, org, query, Date.now()))).total;
}

/**
 * How many of the organisation's videos its Videos page sorted by views shows in `d1`: read off
 * the sort index, led by the organisation's key in that database, which a move must not carry over.
 */
async function pagedVideos(d1: D1Database, org: string) {
  const db = getDb({ DB: d1 });
  const query = tableQuerySchema.parse({ sort: "views" });
  return (await runReads(db, tableSpecs.videos.page(db, org, query, 200, 0, Date.now()))).length;
}

/** The organisation's entries left in a database's video title index. */
const indexEntries = async (d1: D1Database, org: string) => {
  const { first, last } = searchKeyRange(org);
  const row = await d1
    .prepare("SELECT count(*) AS n FROM video_search WHERE rowid BETWEEN ?1 AND ?2")
    .bind(first, last)
    .first<{ n: number }>();
  return row?.n ?? 0;
};

describe("moving an organisation between databases", () => {
  it("moves every row DB -> CONTENT_1 -> CONTENT_2 and leaves other organisations alone", async () => {
    const [moved, neighbour, stayer] = [
      await richOrganization(),
      await richOrganization(),
      await richOrganization(),
    ];
    // The neighbour goes first, so CONTENT_1 already holds keys the moved organisation's had.
    expect((await move(neighbour, "CONTENT_1")).status).toBe("moved");
    const neighbourRows = await snapshot(env.CONTENT_1, neighbour, true);
    const stayerRows = await snapshot(env.DB, stayer, true);
    const before = await snapshot(env.DB, moved);
    expect(emptyTables(before)).toEqual([]);

    const first = await move(moved, "CONTENT_1");
    expect(first).toMatchObject({ status: "moved", from: "DB", to: "CONTENT_1" });
    if (first.status !== "moved") throw new Error("not moved");
    for (const report of first.tables) {
      expect(report.target, report.table).toEqual(report.source);
      expect(report.source.rows, report.table).toBeGreaterThan(0);
      expect(report.copied, report.table).toBe(report.source.rows);
    }
    expect(await snapshot(env.CONTENT_1, moved)).toEqual(before);
    expect(await directory(moved)).toEqual({ binding: "CONTENT_1", movingTo: null });
    // The source is empty; the primary database keeps the organisation itself.
    expect(emptyTables(await snapshot(env.DB, moved))).toEqual(EVERY_TABLE);
    expect((await snapshot(env.DB, moved)).organizations).toHaveLength(1);

    const searchedBefore = await searchedVideos(env.CONTENT_1, moved, "generated");
    expect(searchedBefore).toBe(70);
    const videoCount = before.videos?.length ?? 0;
    expect(videoCount).toBeGreaterThan(0);
    expect(await pagedVideos(env.DB, moved)).toBe(0);
    expect(await pagedVideos(env.CONTENT_1, moved)).toBe(videoCount);
    expect(await move(moved, "CONTENT_2")).toMatchObject({ status: "moved", from: "CONTENT_1" });
    expect(await snapshot(env.CONTENT_2, moved)).toEqual(before);
    // Title search follows the rows: the target's index finds them; no source keeps entries.
    expect(await searchedVideos(env.CONTENT_2, moved, "generated")).toBe(searchedBefore);
    expect(await pagedVideos(env.CONTENT_2, moved)).toBe(videoCount);
    expect(await pagedVideos(env.CONTENT_1, moved)).toBe(0);
    expect(await indexEntries(env.CONTENT_1, moved)).toBe(0);
    expect(await indexEntries(env.DB, moved)).toBe(0);
    const left = await snapshot(env.CONTENT_1, moved);
    expect(emptyTables(left)).toEqual(EVERY_TABLE);
    expect(left.organizations).toEqual([]);

    expect(await snapshot(env.CONTENT_1, neighbour, true)).toEqual(neighbourRows);
    expect(await snapshot(env.DB, stayer, true)).toEqual(stayerRows);
  });

  // Page 1 is the stub, 8 ends inside channel_metrics (600 rows), 11 inside video_metrics (70
  // videos at 32 a page), 14 inside youtube_video_daily's page run.
  const stops = [
    { stopAfterStep: "marked" as const },
    { stopAfterPages: 1 },
    { stopAfterPages: 8 },
    { stopAfterPages: 11 },
    { stopAfterPages: 14 },
    { stopAfterStep: "copied" as const },
    { stopAfterStep: "verified" as const },
  ];
  it.each(stops)(
    "stops before the switch (%o), the source in use; a re-run finishes",
    async (stop) => {
      const org = await richOrganization();
      const [before, beforeWithKeys] = [
        await snapshot(env.DB, org),
        await snapshot(env.DB, org, true),
      ];
      expect(await move(org, "CONTENT_1", stop)).toMatchObject({ status: "stopped" });
      expect(await directory(org)).toEqual({ binding: "DB", movingTo: "CONTENT_1" });
      expect(await snapshot(env.DB, org, true)).toEqual(beforeWithKeys);

      const rerun = await move(org, "CONTENT_1");
      expect(rerun.status).toBe("moved");
      if (rerun.status !== "moved") throw new Error("not moved");
      for (const report of rerun.tables) expect(report.target, report.table).toEqual(report.source);
      expect(await snapshot(env.CONTENT_1, org)).toEqual(before);
      expect(emptyTables(await snapshot(env.DB, org))).toEqual(EVERY_TABLE);
    },
  );

  it("stops after the switch and half-way through the delete; re-runs delete the leftover", async () => {
    const org = await richOrganization();
    const before = await snapshot(env.DB, org);
    expect(await move(org, "CONTENT_1", { stopAfterStep: "switched" })).toMatchObject({
      status: "stopped",
      at: "switched",
    });
    // Switched: the organisation is served from CONTENT_1 while the old copy still sits in DB.
    expect(await directory(org)).toEqual({ binding: "CONTENT_1", movingTo: null });
    expect(await snapshot(env.CONTENT_1, org)).toEqual(before);
    expect(await snapshot(env.DB, org)).toEqual(before);

    expect(await move(org, "CONTENT_1", { stopAfterPages: 3 })).toMatchObject({
      status: "stopped",
      at: "delete",
    });
    const partly = emptyTables(await snapshot(env.DB, org));
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.length).toBeLessThan(EVERY_TABLE.length);

    expect(await move(org, "CONTENT_1")).toEqual({
      status: "finished",
      to: "CONTENT_1",
      deleted: ["DB"],
    });
    expect(emptyTables(await snapshot(env.DB, org))).toEqual(EVERY_TABLE);
    expect(await snapshot(env.CONTENT_1, org)).toEqual(before);
    // Nothing left anywhere: one more run has nothing to do.
    expect(await move(org, "CONTENT_1")).toEqual({
      status: "finished",
      to: "CONTENT_1",
      deleted: [],
    });
  });

  it("stops half-way through deleting a content database's copy; the stub row goes last", async () => {
    const org = await richOrganization();
    await move(org, "CONTENT_1");
    const before = await snapshot(env.CONTENT_1, org);
    expect(await move(org, "CONTENT_2", { stopAfterStep: "switched" })).toMatchObject({
      status: "stopped",
    });
    expect(await move(org, "CONTENT_2", { stopAfterPages: 2 })).toMatchObject({ at: "delete" });
    expect((await snapshot(env.CONTENT_1, org)).organizations).toHaveLength(1);
    expect(await move(org, "CONTENT_2")).toMatchObject({
      status: "finished",
      deleted: ["CONTENT_1"],
    });
    expect((await snapshot(env.CONTENT_1, org)).organizations).toEqual([]);
    expect(await snapshot(env.CONTENT_2, org)).toEqual(before);
  });

  it("aborts a move: the partial copy goes, the organisation stays where it was", async () => {
    const org = await richOrganization();
    const before = await snapshot(env.DB, org, true);
    expect(await move(org, "CONTENT_2", { stopAfterPages: 9 })).toMatchObject({
      status: "stopped",
    });
    expect(emptyTables(await snapshot(env.CONTENT_2, org)).length).toBeLessThan(EVERY_TABLE.length);

    expect(await move(org, "CONTENT_2", { abort: true })).toEqual({
      status: "aborted",
      from: "DB",
      to: "CONTENT_2",
    });
    const left = await snapshot(env.CONTENT_2, org);
    expect(emptyTables(left)).toEqual(EVERY_TABLE);
    expect(left.organizations).toEqual([]);
    expect(await directory(org)).toEqual({ binding: "DB", movingTo: null });
    expect(await snapshot(env.DB, org, true)).toEqual(before);
    await expect(move(org, "CONTENT_2", { abort: true })).rejects.toThrow(MoveRefused);
  });

  it("refuses to switch when a copied row differs from the source", async () => {
    const org = await richOrganization();
    const before = await snapshot(env.DB, org, true);
    await move(org, "CONTENT_1", { stopAfterStep: "copied" });
    await env.CONTENT_1.prepare(
      `UPDATE video_metrics SET views = views + 1 WHERE video_key =
         (SELECT key FROM videos WHERE organization_id = ?1 ORDER BY id LIMIT 1)`,
    )
      .bind(org)
      .run();

    const refused = await move(org, "CONTENT_1");
    expect(refused).toMatchObject({ status: "mismatch", differing: ["video_metrics"] });
    if (refused.status !== "mismatch") throw new Error("switched");
    const metrics = refused.tables.find((t) => t.table === "video_metrics");
    expect(metrics?.target.rows).toBe(metrics?.source.rows);
    expect(metrics?.target.sha256).not.toBe(metrics?.source.sha256);
    expect(await directory(org)).toEqual({ binding: "DB", movingTo: "CONTENT_1" });
    expect(await snapshot(env.DB, org, true)).toEqual(before);

    // The way out: abort, then move again.
    await move(org, "CONTENT_1", { abort: true });
    expect(await move(org, "CONTENT_1")).toMatchObject({ status: "moved" });
  });

  it("refuses unknown organisations and databases, and a second move under way", async () => {
    const org = await richOrganization();
    await expect(move(crypto.randomUUID(), "CONTENT_1")).rejects.toThrow(/No organisation with id/);
    await expect(move(org, "CONTENT_9")).rejects.toThrow(
      /not a content database a move can target/,
    );
    await expect(move(org, "DB")).rejects.toThrow(MoveRefused);
    await move(org, "CONTENT_1", { stopAfterStep: "marked" });
    await expect(move(org, "CONTENT_2")).rejects.toThrow(/being moved to CONTENT_1/);
    await expect(move(org, "CONTENT_2", { abort: true })).rejects.toThrow(/to CONTENT_1, not/);
    expect(await move(org, "CONTENT_1")).toMatchObject({ status: "moved" });
  });
});
