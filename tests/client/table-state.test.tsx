import { describe, expect, it } from "vitest";
import {
  apiQueryFrom,
  onePublishedFilter,
  pageOf,
  pageQueryString,
  withParams,
} from "../../client/features/tables/table-state";

describe("a table's address as its API query", () => {
  it("keeps a whole page from 2 and a known direction", () => {
    const q = apiQueryFrom(new URLSearchParams("page=3&dir=asc&sort=views&q=cloud"));
    expect(Object.fromEntries(q)).toEqual({ page: "3", dir: "asc", sort: "views", q: "cloud" });
  });

  it("drops a page or direction a hand-edited address got wrong, as the defaults", () => {
    for (const page of ["abc", "-1", "0", "2.5", "1"])
      expect(apiQueryFrom(new URLSearchParams(`page=${page}`)).has("page")).toBe(false);
    expect(apiQueryFrom(new URLSearchParams("dir=sideways")).has("dir")).toBe(false);
    expect(pageOf(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=7"))).toBe(7);
  });
});

describe("the published filter", () => {
  it("is a preset or a date range, never both: choosing one clears the other", () => {
    const ranged = new URLSearchParams("publishedFrom=2026-11-01&publishedTo=2026-11-10");
    const preset = withParams(ranged, onePublishedFilter({ published: "week" }));
    expect(Object.fromEntries(preset)).toEqual({ published: "week" });
    const back = withParams(
      preset,
      onePublishedFilter({ publishedFrom: "2026-11-01", publishedTo: null }),
    );
    expect(Object.fromEntries(back)).toEqual({ publishedFrom: "2026-11-01" });
    // Clearing either, or another filter, leaves the other alone.
    expect(onePublishedFilter({ published: null })).toEqual({ published: null });
    expect(onePublishedFilter({ views: "gt1000" })).toEqual({ views: "gt1000" });
  });

  it("sends a range with the organisation's zone, whose days it names", () => {
    const params = new URLSearchParams("publishedFrom=2026-11-01&sort=views");
    expect(
      new URLSearchParams(pageQueryString("videos", params, "Asia/Tokyo")).get("timeZone"),
    ).toBe("Asia/Tokyo");
    expect(
      new URLSearchParams(
        pageQueryString("videos", new URLSearchParams("sort=views"), "Asia/Tokyo"),
      ).has("timeZone"),
    ).toBe(false);
  });
});
