import { describe, expect, it } from "vitest";
import { apiQueryFrom, pageOf } from "../../client/features/tables/table-state";

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
