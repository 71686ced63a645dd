import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { organizationContent } from "../../../worker/db/directory";
import { runReads } from "../../../worker/db/reads";
import { searchKeyRange } from "../../../worker/features/tables/search";
import { searchIndexes, sortables, tableSpecs } from "../../../worker/features/tables/specs";
import { createShow } from "../db/org-fixture";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, db as primary } from "../support/factories";
import { recordingDb } from "../support/recording-d1";

/*
 * A rare search term reads its few matches, not the organisation's whole sort index: D1 bills
 * every row a statement reads, and the walk down the index for a term with one match read all
 * of them (worker/features/tables/specs.ts, "two plans"). The rows a page's statement reads are
 * D1's own count (`meta.rows_read`) for exactly the statement the app sent. That the two plans
 * give the same rows, page by page, for common, rare and absent terms is search-results.test.ts
 * (videos) and podcast-tables.test.ts (episodes).
 */

const ROWS = 400;
const RARE = 3;
const titleOf = (i: number) => (i % 150 === 7 ? `A rare gem ${i}` : `Weekly news ${i}`);

/** An organisation with ROWS videos and ROWS episodes, RARE of each titled "A rare gem". */
async function seed() {
  const { org } = await createOrgWithMembers();
  const channel = await createChannel(org.id);
  const show = await createShow(org.id);
  const content = await contentOf(org.id);
  const shared = (i: number) => ({
    organizationId: org.id,
    title: titleOf(i),
    publishDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  });
  const videos = Array.from({ length: ROWS }, (_, i) => ({
    ...shared(i),
    channelId: channel.id,
    externalId: `v-${i}`,
    views: (i * 37) % 101,
  }));
  const episodes = Array.from({ length: ROWS }, (_, i) => ({
    ...shared(i),
    showId: show.id,
    externalId: `e-${i}`,
    totalDownloadsGlobal: (i * 37) % 101,
  }));
  // Five rows a statement: D1 binds at most 100 parameters.
  const inserts = [];
  for (let i = 0; i < ROWS; i += 5) {
    inserts.push(content.insert(schema.videos).values(videos.slice(i, i + 5)));
    inserts.push(content.insert(schema.episodes).values(episodes.slice(i, i + 5)));
  }
  const [first, ...rest] = inserts;
  if (first) await content.batch([first, ...rest]);
  return org.id;
}

/** The rows D1 reads for the page's statement, and the page's row count. */
async function pageCost(
  table: "videos" | "episodes",
  orgId: string,
  qs: Record<string, string>,
  limit = 50,
  matches?: number,
) {
  const { d1 } = await organizationContent(env, primary(), orgId);
  const recorder = recordingDb(d1);
  const query = tableQuerySchema.parse(qs);
  const rows = await runReads(
    recorder.db,
    tableSpecs[table].page(recorder.db, orgId, query, limit, 0, Date.now(), matches),
  );
  const [statement] = recorder.statements;
  const result = await d1
    .prepare(statement!.sql)
    .bind(...statement!.params)
    .all();
  return { rows: rows.length, rowsRead: result.meta.rows_read };
}

/** The titles of a page of `table` for the query, 50 rows at most. */
async function pageTitles(
  table: "videos" | "episodes",
  orgId: string,
  qs: Record<string, string>,
  matches?: number,
) {
  const { d1 } = await organizationContent(env, primary(), orgId);
  const db = recordingDb(d1).db;
  const rows = await runReads(
    db,
    tableSpecs[table].page(db, orgId, tableQuerySchema.parse(qs), 50, 0, Date.now(), matches),
  );
  return rows.map((r) => String(r.title));
}

/** The rows D1 reads to list the term's matches once, straight from the table's title index. */
async function matchedSetCost(table: "videos" | "episodes", orgId: string, term: string) {
  const { d1 } = await organizationContent(env, primary(), orgId);
  const { first, last } = searchKeyRange(orgId);
  const index = searchIndexes[table].name;
  const result = await d1
    .prepare(`SELECT rowid FROM ${index} WHERE ${index} MATCH ?1 AND rowid BETWEEN ?2 AND ?3`)
    .bind(`"${term}"`, first, last)
    .all();
  return result.meta.rows_read;
}

describe.each(["videos", "episodes"] as const)("a searched %s page", (table) => {
  it("reads about its matches for a rare term, whatever the sort and direction", async () => {
    const orgId = await seed();
    for (const sort of Object.keys(sortables[table]))
      for (const dir of ["asc", "desc"])
        for (const known of [undefined, RARE]) {
          const rare = await pageCost(table, orgId, { q: "rare gem", sort, dir }, 50, known);
          expect(rare.rows).toBe(RARE);
          // The walk down a sort index read all ROWS of it, and more.
          expect(rare.rowsRead, `${sort} ${dir} ${known}`).toBeLessThan(ROWS / 8);
        }
  });

  it("counts a common term's matches once, however often the statement names the count", async () => {
    const orgId = await seed();
    const matches = ROWS - RARE;
    const setCost = await matchedSetCost(table, orgId, "weekly");
    const sorts = table === "videos" ? ["views", "title", "channelTitle"] : ["title", "showTitle"];
    for (const sort of sorts) {
      const common = await pageCost(table, orgId, { q: "weekly", sort }, 20);
      expect(common.rows).toBe(20);
      // The count (up to its cap), the walk's matched set, and the page's rows: about twice the
      // matched set's cost. Counting again at each mention of the count read it about five times.
      expect(common.rowsRead, sort).toBeLessThan(2.5 * setCost + 3 * 20);
      // A later page of the same search knows the count (kept totals) and does not count again.
      const known = await pageCost(table, orgId, { q: "weekly", sort }, 20, matches);
      expect(known.rows).toBe(20);
      expect(known.rowsRead, sort).toBeLessThan(common.rowsRead - setCost / 2);
    }
    // Sorted by title, the walk tests each title on the index entry it reads: the matched set
    // is not built at all.
    const byTitle = await pageCost(table, orgId, { q: "weekly", sort: "title" }, 20, matches);
    expect(byTitle.rows).toBe(20);
    expect(byTitle.rowsRead).toBeLessThan(setCost / 2);
  });

  it("tests titles on the title walk as the title index matches them, quotes either way", async () => {
    const { org } = await createOrgWithMembers();
    const titles = [
      "\u212Aeynote day", // a Kelvin sign, which the index folds to k
      "Keynote day",
      "\u017Fuper bowl", // a long s, which the index folds to s
      "SUPER bowl",
      "100% sure",
      "100 percent sure",
      "snake_case",
      "snakeXcase",
      "back\\slash",
      "backslash",
      "Caf\u00c9 talk",
      "Pat O\u2019Brien live", // a typographic apostrophe, typed as a straight one
      "Pat O'Brien",
      "A \u201cquoted\u201d talk",
      ...Array.from({ length: 30 }, (_, i) => `Filler ${i}`),
    ];
    const content = await contentOf(org.id);
    if (table === "videos") {
      const channel = await createChannel(org.id);
      for (const [i, title] of titles.entries())
        await content.insert(schema.videos).values({
          organizationId: org.id,
          channelId: channel.id,
          externalId: `v-${i}`,
          title,
          publishDate: new Date(Date.UTC(2026, 0, 1)),
        });
    } else {
      const show = await createShow(org.id);
      for (const [i, title] of titles.entries())
        await content.insert(schema.episodes).values({
          organizationId: org.id,
          showId: show.id,
          externalId: `e-${i}`,
          title,
          publishDate: new Date(Date.UTC(2026, 0, 1)),
        });
    }
    const expected: Record<string, string[]> = {
      keynote: ["\u212Aeynote day", "Keynote day"],
      super: ["\u017Fuper bowl", "SUPER bowl"],
      "0% s": ["100% sure"],
      e_c: ["snake_case"],
      "k\\s": ["back\\slash"],
      "caf\u00e9": ["Caf\u00c9 talk"],
      "o'brien": ["Pat O\u2019Brien live", "Pat O'Brien"],
      "o\u2019brien": ["Pat O\u2019Brien live", "Pat O'Brien"],
      '"quoted"': ["A \u201cquoted\u201d talk"],
    };
    // A known count of a million walks; of one, reads the matched set.
    for (const [term, titlesFound] of Object.entries(expected))
      for (const dir of ["asc", "desc"])
        for (const known of [1_000_000, 1]) {
          const found = await pageTitles(table, org.id, { q: term, sort: "title", dir }, known);
          const order = [...titlesFound].sort();
          expect(found, `${term} ${dir} ${known}`).toEqual(dir === "asc" ? order : order.reverse());
        }
  });
});
