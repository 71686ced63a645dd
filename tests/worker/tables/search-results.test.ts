import { describe, expect, it } from "vitest";
import { expectEverySortLists, seedOrganisation } from "./video-oracle";

/*
 * A searched Videos page is read through the matched set (the title index's rows and the matching
 * channels' videos) instead of testing every row of the organisation. Whatever the plan, the
 * answer must be the plain definition: the organisation's videos whose title or channel title
 * contains the term, in the asked order (missing values last, ties by insertion order), with the
 * totals and optional-column flags of exactly that set. Checked here for a term most rows match,
 * one a few match, one no row matches and a two-letter one, for every sortable column and both
 * directions, page by page.
 */

describe("searched Videos pages", () => {
  it("match the plain definition for many, few and no matches, every sort, both directions", async () => {
    const { org, token, all } = await seedOrganisation();
    const cases = { future: 0, rarity: 0, nowhere: 0, "e 1": 0, ut: 0 };
    for (const term of Object.keys(cases) as Array<keyof typeof cases>) {
      const needle = term.toLowerCase();
      const matched = all.filter(
        (r) =>
          String(r.title).toLowerCase().includes(needle) ||
          r.channelTitle.toLowerCase().includes(needle),
      );
      cases[term] = matched.length;
      await expectEverySortLists(org.id, token, `q=${encodeURIComponent(term)}`, matched, 17);
    }
    // The cases cover what they claim: most rows, a few, none, a channel-only match.
    expect(cases.future).toBeGreaterThan(75);
    expect(cases.rarity).toBeGreaterThan(0);
    expect(cases.rarity).toBeLessThan(6);
    expect(cases.nowhere).toBe(0);
    expect(cases.ut).toBeGreaterThan(cases.future - 1);
  }, 300_000);
});
