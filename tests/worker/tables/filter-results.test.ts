import { describe, expect, it } from "vitest";
import { type Expected, expectEverySortLists, seedOrganisation } from "./video-oracle";

/*
 * A filtered page (channel, views, published dates) also holds two plans: the walk down the sort
 * index with each filter tested on the row, or the filter's own index range joined by rowid and
 * sorted, chosen by how many rows the filter keeps and how deep the page is (specs.ts,
 * filterPlan). Paging one filter 25 rows at a time crosses from one plan to the other; either
 * way the answer is the plain definition.
 */
describe("filtered Videos pages", () => {
  it("match the plain definition for many, few and no rows kept, every sort, both directions", async () => {
    const { org, token, all, futureChannel, plain } = await seedOrganisation();
    const published = (r: Expected, from: string, to = "9999-12-31") =>
      String(r.publishDate) >= `${from}T00:00:00.000Z` &&
      String(r.publishDate) <= `${to}T23:59:59.999Z`;
    const cases: Array<[string, (r: Expected) => boolean]> = [
      [`channel=${futureChannel.id}`, (r) => r.channelId === futureChannel.id],
      [`channel=${plain.id}&views=lt1000`, (r) => r.channelId === plain.id],
      [
        "publishedFrom=2026-05-30&publishedTo=2026-06-01",
        (r) => published(r, "2026-05-30", "2026-06-01"),
      ],
      ["publishedFrom=2026-05-06", (r) => published(r, "2026-05-06")],
      ["views=gt1000", () => false],
      [
        "q=future&publishedFrom=2026-05-20",
        (r) =>
          (String(r.title).toLowerCase().includes("future") ||
            r.channelTitle.toLowerCase().includes("future")) &&
          published(r, "2026-05-20"),
      ],
    ];
    const kept: number[] = [];
    for (const [filter, keeps] of cases) {
      const matched = all.filter(keeps);
      kept.push(matched.length);
      await expectEverySortLists(org.id, token, filter, matched, 25);
    }
    // The cases cover what they claim: a third, two thirds, a tenth, most and none of the rows.
    expect(kept).toEqual([50, 100, expect.any(Number), expect.any(Number), 0, expect.any(Number)]);
    expect(kept[2]).toBeGreaterThan(5);
    expect(kept[2]).toBeLessThan(150 / 4);
    expect(kept[3]).toBeGreaterThan(120);
    expect(kept[5]).toBeGreaterThan(0);
  }, 300_000);
});
