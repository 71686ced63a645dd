import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { schema } from "../../../worker/db/client";
import { organizationContent } from "../../../worker/db/directory";
import { runReads } from "../../../worker/db/reads";
import { tableSpecs } from "../../../worker/features/tables/specs";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, db as primary } from "../support/factories";
import { recordingDb } from "../support/recording-d1";

/*
 * A filtered page walks the sort index with a budget (worker/features/tables/specs.ts,
 * filterPlan): when the filter keeps too few rows for an unbounded walk to be safe, the walk
 * reads at most a quarter as many entries as the filter's range has rows, and the range is read
 * and sorted only if the page is not full by then. Here 909 of 4,040 videos have more than 1,000
 * views; likes follow views, titles do not. Sorted by Title the walk fills the page after about
 * (offset + limit) x 4,040 / 909 entries; sorted by Likes, fewest first, every kept row comes
 * last, so the walk gives up after its budget and the range is read. The rows read are D1's own
 * count (`meta.rows_read`) for exactly the statement the app sent; the rows are checked against
 * the plain definition.
 */

const ROWS = 4_040;
const LIMIT = 10;
const isKept = (i: number) => i % 40 < 9;
const viewsOf = (i: number) => (isKept(i) ? 1_001 + i : i % 1_000);
const titleOf = (i: number) => `Video ${String((i * 7_919) % ROWS).padStart(4, "0")}`;

async function seed() {
  const { org } = await createOrgWithMembers();
  const channel = await createChannel(org.id);
  const content = await contentOf(org.id);
  const videos = Array.from({ length: ROWS }, (_, i) => ({
    organizationId: org.id,
    channelId: channel.id,
    externalId: `v-${i}`,
    title: titleOf(i),
    views: viewsOf(i),
    likes: viewsOf(i),
    publishDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  }));
  // Five rows a statement: D1 binds at most 100 parameters.
  const inserts = [];
  for (let i = 0; i < ROWS; i += 5)
    inserts.push(content.insert(schema.videos).values(videos.slice(i, i + 5)));
  const [first, ...rest] = inserts;
  if (first) await content.batch([first, ...rest]);
  const kept = Array.from({ length: ROWS }, (_, i) => i).filter(isKept);
  return { orgId: org.id, kept };
}

/** The page's titles and the rows D1 read for its statement. */
async function page(orgId: string, sort: string, dir: string, offset: number, known?: number) {
  const { d1 } = await organizationContent(env, primary(), orgId);
  const recorder = recordingDb(d1);
  const query = tableQuerySchema.parse({ views: "gt1000", sort, dir });
  const rows = await runReads(
    recorder.db,
    tableSpecs.videos.page(recorder.db, orgId, query, LIMIT, offset, Date.now(), known),
  );
  const [statement] = recorder.statements;
  const result = await d1
    .prepare(statement!.sql)
    .bind(...statement!.params)
    .all();
  return { titles: rows.map((r) => String(r.title)), rowsRead: result.meta.rows_read };
}

describe("a filtered Videos page keeping a fifth of the rows", () => {
  it("walks the sort index when the sort ignores the filter, and gives up within its budget when it does not", async () => {
    const { orgId, kept } = await seed();
    const m = kept.length;
    // Not a multiple of 4: a count the caller knows is bound as a REAL, and the budget is m / 4.
    expect(m).toBe(909);
    const byTitle = kept.map(titleOf).sort();
    const byLikes = [...kept].sort((a, b) => viewsOf(a) - viewsOf(b)).map(titleOf);
    for (const known of [undefined, m]) {
      for (const offset of [0, 10]) {
        const title = await page(orgId, "title", "asc", offset, known);
        expect(title.titles).toEqual(byTitle.slice(offset, offset + LIMIT));
        // Reading the range (the count, its index, each row and its channel) read 4,505 rows.
        expect(title.rowsRead, `title, offset ${offset}, count ${known}`).toBeLessThan(m * 2);

        const agreeing = await page(orgId, "likes", "desc", offset, known);
        expect(agreeing.titles).toEqual(byLikes.toReversed().slice(offset, offset + LIMIT));
        expect(agreeing.rowsRead, `likes desc, offset ${offset}`).toBeLessThan(m * 2);

        // The range plus the walk's budget: 4,733 rows. A walk to the end read 8,000 and more.
        const disagreeing = await page(orgId, "likes", "asc", offset, known);
        expect(disagreeing.titles).toEqual(byLikes.slice(offset, offset + LIMIT));
        expect(disagreeing.rowsRead, `likes asc, offset ${offset}`).toBeLessThan(ROWS * 1.5);
      }
    }
  }, 120_000);
});
