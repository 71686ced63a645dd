import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type TableName, tableNames, tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { organizationContent } from "../../../worker/db/directory";
import { runReads } from "../../../worker/db/reads";
import { childPages } from "../../../worker/features/reports/report-data";
import { keysetPages } from "../../../worker/features/tables/keyset";
import { sortables, tableSpecs } from "../../../worker/features/tables/specs";
import { createEpisode, createShow } from "../db/org-fixture";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, createVideo, db as primary } from "../support/factories";
import { queryPlan, recordingDb } from "../support/recording-d1";

/*
 * Every table page is one indexed range read: for every sortable column and both directions,
 * with and without a search, SQLite must read the page in index order (no "USE TEMP B-TREE", i.e.
 * no sort of the filtered rows) and never scan a whole table. The same holds for the keyset
 * pages of exports and for the page's totals.
 */

const fullScan = (table: string) => new RegExp(`^SCAN ${table}\\b(?! VIRTUAL TABLE)`);

/**
 * The plans of what `run` sends, recorded on the database that serves the organisation (as the
 * directory names it; its content database unless it predates the split) and explained there.
 */
async function plansOf(
  organizationId: string,
  run: (db: ReturnType<typeof recordingDb>["db"]) => Promise<unknown>,
) {
  const { d1 } = await organizationContent(env, primary(), organizationId);
  const recorder = recordingDb(d1);
  await run(recorder.db);
  return Promise.all(
    recorder.statements.map(async (s) => ({ sql: s.sql, plan: await queryPlan(s, d1) })),
  );
}

/**
 * A searched or filtered page's statement holds two plans (worker/features/tables/specs.ts, "two
 * plans"): the walk down the sort index, then, after the compound's UNION ALL, the one that
 * reads the matched rows by rowid and sorts only them. Its sort is the point of it; the walk must
 * not sort. A filtered page reads its walk ahead, with a budget, into the `walked` CTE and then
 * sorts only the rows it kept (at most the page's reach): the read ahead is what must not sort.
 */
function walkedPart(sql: string, plan: string[], table: string, detail: string) {
  if (!sql.includes('"search_plan"')) return plan;
  const split = plan.indexOf("UNION ALL");
  expect(split, detail).toBeGreaterThan(0);
  const fromMatches = plan.slice(split + 1);
  expect(
    fromMatches.some((step) =>
      new RegExp(`^SEARCH ${table} USING INTEGER PRIMARY KEY \\(rowid=\\?\\)`).test(step),
    ),
    detail,
  ).toBe(true);
  const walk = plan.slice(0, split);
  if (!sql.includes('"walked"')) return walk;
  const ahead = walk.indexOf("MATERIALIZE walked");
  const kept = walk.indexOf("SCAN walked");
  expect(ahead, detail).toBeGreaterThanOrEqual(0);
  expect(kept, detail).toBeGreaterThan(ahead);
  return walk.slice(ahead, kept);
}

function expectIndexedRead(
  table: TableName,
  label: string,
  plans: Array<{ sql: string; plan: string[] }>,
) {
  expect(plans.length, label).toBeGreaterThan(0);
  for (const { sql, plan } of plans) {
    const detail = `${label}\n${sql}\n${plan.join("\n")}`;
    expect(
      walkedPart(sql, plan, table, detail).some((step) => step.includes("USE TEMP B-TREE")),
      detail,
    ).toBe(false);
    for (const name of [table, "channels", "videos", "shows", "episodes"])
      expect(
        plan.some((step) => fullScan(name).test(step)),
        detail,
      ).toBe(false);
  }
}

describe("query plans of the dashboard tables", () => {
  it.each(tableNames)(
    "%s: every sortable column in both directions, with and without search, reads off an index",
    async (table) => {
      const { org } = await createOrgWithMembers();
      const channel = await createChannel(org.id);
      await createVideo(org.id, channel.id);
      const show = await createShow(org.id);
      await createEpisode(org.id, show.id);
      const now = Date.now();
      for (const sort of Object.keys(sortables[table])) {
        for (const dir of ["asc", "desc"] as const) {
          for (const q of [undefined, "édition", "ab"]) {
            const query = tableQuerySchema.parse({ sort, dir, q });
            const label = `${table} sort=${sort} dir=${dir} q=${q ?? ""}`;
            expectIndexedRead(
              table,
              `page ${label}`,
              await plansOf(org.id, (db) =>
                runReads(db, tableSpecs[table].page(db, org.id, query, 200, 0, now)),
              ),
            );
            expectIndexedRead(
              table,
              `export ${label}`,
              await plansOf(org.id, async (db) => {
                for await (const _ of keysetPages(db, org.id, table, query, now, 1)) break;
              }),
            );
          }
        }
      }
      // Unfiltered totals come from kept counts and index seeks.
      const query = tableQuerySchema.parse({ duplicates: "1" });
      expectIndexedRead(
        table,
        `totals ${table}`,
        await plansOf(org.id, (db) =>
          runReads(db, tableSpecs[table].total(db, org.id, query, now)),
        ),
      );
    },
    120_000,
  );

  it.each(["videos", "episodes"] as const)(
    "%s: a filtered page walks the sort index or sorts the filter's rows, never both",
    async (table) => {
      const { org } = await createOrgWithMembers();
      const channel = await createChannel(org.id);
      const other = await createChannel(org.id);
      await createVideo(org.id, channel.id);
      const show = await createShow(org.id);
      await createEpisode(org.id, show.id);
      const now = Date.now();
      const parents = table === "videos" ? `${channel.id},${other.id}` : show.id;
      const filters: Array<Record<string, unknown>> =
        table === "videos"
          ? [
              { channel: parents },
              { views: "gt1000" },
              { published: "week" },
              { publishedFrom: "2026-01-01", publishedTo: "2026-06-30" },
              { channel: parents, views: "lt1000", published: "year" },
            ]
          : [
              { show: parents },
              { downloads: "gt500" },
              { season: 2 },
              { published: "month" },
              { show: parents, downloads: "lt500", season: 1, published: "year" },
            ];
      for (const filter of filters)
        for (const sort of Object.keys(sortables[table]))
          for (const dir of ["asc", "desc"] as const)
            for (const page of [0, 4_000]) {
              const query = tableQuerySchema.parse({ ...filter, sort, dir });
              expectIndexedRead(
                table,
                `page ${table} ${JSON.stringify(filter)} sort=${sort} dir=${dir} offset=${page}`,
                await plansOf(org.id, (db) =>
                  runReads(db, tableSpecs[table].page(db, org.id, query, 200, page, now)),
                ),
              );
            }
    },
    120_000,
  );

  it.each(["videos", "episodes"] as const)(
    "%s: searched totals read the matched rows only, not the whole organisation",
    async (table) => {
      const { org } = await createOrgWithMembers();
      const now = Date.now();
      for (const merge of [undefined, "1"]) {
        const query = tableQuerySchema.parse({ q: "édition", duplicates: "1", merge });
        const plans = await plansOf(org.id, (db) =>
          runReads(db, tableSpecs[table].total(db, org.id, query, now)),
        );
        const detail = plans.map((p) => `${p.sql}\n${p.plan.join("\n")}`).join("\n\n");
        expect(plans.length, detail).toBeGreaterThan(0);
        for (const { plan } of plans) {
          const steps = plan.join("\n");
          expect(steps, detail).toMatch(
            new RegExp(`SEARCH ${table} USING INTEGER PRIMARY KEY \\(rowid=\\?\\)`),
          );
          expect(steps, detail).not.toMatch(
            new RegExp(
              `SEARCH ${table} USING (COVERING )?INDEX ${table}_by_\\w+ \\(org_key=\\?\\)`,
            ),
          );
        }
      }
    },
  );

  it.each(tableNames)(
    "%s: a search reads only the organisation's range of each title index",
    async (table) => {
      const { org } = await createOrgWithMembers();
      const now = Date.now();
      const query = tableQuerySchema.parse({ q: "édition", duplicates: "1" });
      const plans = [
        ...(await plansOf(org.id, (db) =>
          runReads(db, tableSpecs[table].page(db, org.id, query, 200, 0, now)),
        )),
        ...(await plansOf(org.id, (db) =>
          runReads(db, tableSpecs[table].total(db, org.id, query, now)),
        )),
      ];
      const detail = plans.map((p) => `${p.sql}\n${p.plan.join("\n")}`).join("\n\n");
      // FTS5 names the constraints it was given: M (match), > and < (the rowid range's ends).
      const indexReads = plans.flatMap((p) => p.plan.filter((s) => / VIRTUAL TABLE /.test(s)));
      expect(indexReads.length, detail).toBeGreaterThan(0);
      for (const step of indexReads)
        expect(step, detail).toMatch(/VIRTUAL TABLE INDEX \d+:M\S*>\S*</);
    },
  );

  it("reads a report's videos and episodes in keyset pages off the publish-date index", async () => {
    const { org } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    await createVideo(org.id, channel.id);
    await createVideo(org.id, channel.id);
    const show = await createShow(org.id);
    await createEpisode(org.id, show.id);
    await createEpisode(org.id, show.id);
    const range = { start: new Date("2020-01-01"), end: new Date("2030-01-01") };
    for (const [platform, table, selected] of [
      ["youtube", "videos", channel.id],
      ["simplecast", "episodes", show.id],
    ] as const) {
      const plans = await plansOf(org.id, async (db) => {
        let pages = 0;
        for await (const _ of childPages(db, org.id, platform, [selected], range, 1)) pages++;
        expect(pages).toBe(2);
      });
      expect(plans).toHaveLength(3);
      expectIndexedRead(table, `report ${table}`, plans);
      for (const { plan } of plans.slice(1))
        expect(plan.join("\n")).toMatch(
          new RegExp(
            // Both tables' indexes lead with the organisation's key in this database.
            `${table}_by_publish_date \\(org_key=\\? AND publish_date>\\? AND publish_date<\\?\\)`,
          ),
        );
    }
  });

  it("reads each report page from just past the previous one, however deep it is", async () => {
    // With the range's end and the cursor both bounding publish_date, SQLite took the end into
    // the index range and walked down from it to the cursor on every page: the last page of a
    // report read every row before it (a 100k report's SQL grew with the square of its size).
    const { org } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    const day = 86_400_000;
    const content = await contentOf(org.id);
    for (let i = 0; i < 60; i++)
      await content.insert(schema.videos).values({
        organizationId: org.id,
        channelId: channel.id,
        externalId: `deep-${i}`,
        title: `Deep ${i}`,
        publishDate: new Date(Date.UTC(2026, 0, 1) + i * day),
      });
    const range = { start: new Date("2020-01-01"), end: new Date("2030-01-01") };
    const { d1 } = await organizationContent(env, primary(), org.id);
    const recorder = recordingDb(d1);
    const seen: string[] = [];
    for await (const rows of childPages(recorder.db, org.id, "youtube", [channel.id], range, 10))
      seen.push(...rows.map((r) => String(r.title)));
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `Deep ${59 - i}`));
    const rowsRead = await Promise.all(
      recorder.statements.map(
        async (s) =>
          (
            await d1
              .prepare(s.sql)
              .bind(...s.params)
              .all()
          ).meta.rows_read,
      ),
    );
    expect(rowsRead).toHaveLength(7);
    // Every full page reads about as much as the first; the old plan read 10 more rows per page.
    for (const read of rowsRead.slice(1, 6)) expect(read).toBeLessThanOrEqual(rowsRead[0]! + 2);
  });
});
