import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { organizationContent } from "../../../worker/db/directory";
import { runReads } from "../../../worker/db/reads";
import { sortables, tableSpecs } from "../../../worker/features/tables/specs";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, db as primary } from "../support/factories";
import { recordingDb } from "../support/recording-d1";

/*
 * A rare search term reads its few matches, not the organisation's whole sort index: D1 bills
 * every row a statement reads, and the walk down the index for a term with one match read all
 * of them (worker/features/tables/specs.ts, "two plans"). The rows a page's statement reads are
 * D1's own count (`meta.rows_read`) for exactly the statement the app sent. That the two plans
 * give the same rows, page by page, for common, rare and absent terms is search-results.test.ts.
 */

const VIDEOS = 400;

async function seed() {
  const { org } = await createOrgWithMembers();
  const channel = await createChannel(org.id);
  const content = await contentOf(org.id);
  const rows = Array.from({ length: VIDEOS }, (_, i) => ({
    organizationId: org.id,
    channelId: channel.id,
    externalId: `v-${i}`,
    title: i % 150 === 7 ? `A rare gem ${i}` : `Weekly news ${i}`,
    views: (i * 37) % 101,
    publishDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  }));
  // Five rows a statement: D1 binds at most 100 parameters.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 5)
    inserts.push(content.insert(schema.videos).values(rows.slice(i, i + 5)));
  const [first, ...rest] = inserts;
  if (first) await content.batch([first, ...rest]);
  return org.id;
}

/** The rows D1 reads for the page's statement, and the page's row count. */
async function pageCost(orgId: string, qs: Record<string, string>, limit = 50, matches?: number) {
  const { d1 } = await organizationContent(env, primary(), orgId);
  const recorder = recordingDb(d1);
  const query = tableQuerySchema.parse(qs);
  const rows = await runReads(
    recorder.db,
    tableSpecs.videos.page(recorder.db, orgId, query, limit, 0, Date.now(), matches),
  );
  const [statement] = recorder.statements;
  const result = await d1
    .prepare(statement!.sql)
    .bind(...statement!.params)
    .all();
  return { rows: rows.length, rowsRead: result.meta.rows_read };
}

describe("a searched Videos page", () => {
  it("reads about its matches for a rare term, whatever the sort and direction", async () => {
    const orgId = await seed();
    const everything = await pageCost(orgId, { sort: "views" }, VIDEOS);
    expect(everything.rows).toBe(VIDEOS);
    for (const sort of Object.keys(sortables.videos))
      for (const dir of ["asc", "desc"]) {
        for (const known of [undefined, 3]) {
          const rare = await pageCost(orgId, { q: "rare gem", sort, dir }, 50, known);
          expect(rare.rows).toBe(3);
          expect(rare.rowsRead, `${sort} ${dir} ${known}`).toBeLessThan(VIDEOS / 8);
        }
      }
  });

  it("counts a common term's matches once, however often the statement names the count", async () => {
    const orgId = await seed();
    const matches = VIDEOS - 3;
    for (const sort of ["views", "title", "channelTitle"]) {
      const common = await pageCost(orgId, { q: "weekly", sort }, 20);
      expect(common.rows).toBe(20);
      // The count (up to its cap), the walk's matched set, and the page's rows: about twice the
      // matches. Counting again at each mention of the count read about five times.
      expect(common.rowsRead, sort).toBeLessThan(3 * matches);
      // A later page of the same search knows the count (kept totals) and does not count again.
      const known = await pageCost(orgId, { q: "weekly", sort }, 20, matches);
      expect(known.rows).toBe(20);
      expect(known.rowsRead, sort).toBeLessThan(common.rowsRead - matches / 2);
    }
  });
});
