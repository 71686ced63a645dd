import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { columnDefs, type TableRow } from "../../client/features/tables/columns";
import { cellText } from "../../client/features/tables/copy-page";
import { tableColumns } from "../../shared/table-columns";
import { StaticTable } from "./static-table";

/*
 * The Episodes table's S/E column (spec: S{season}E{episode}). Sorted by S/E, an episode with a
 * season but no number comes first in its season and one without a season comes last: the cell
 * shows the part that is known rather than a blank, and a copied row says the same.
 */

const episode = (title: string, seasonNumber: number | null, episodeNumber: number | null) =>
  ({ id: title, title, showId: "s1", showTitle: "Show", seasonNumber, episodeNumber }) as TableRow;
const rows = [
  episode("Trailer", 1, null),
  episode("Pilot", 1, 1),
  episode("Loose one", null, 248),
  episode("Unknown", null, null),
];
const seasonColumn = tableColumns.episodes.find((c) => c.kind === "season")!;

describe("the S/E column", () => {
  it("shows S and E when both are known, else the part that is, else nothing", () => {
    render(
      <StaticTable columns={columnDefs("episodes", {}, "UTC")} rows={rows} label="Episodes" />,
    );
    const headings = screen.getAllByRole("columnheader").map((h) => h.textContent ?? "");
    const column = headings.findIndex((h) => h.startsWith("S/E"));
    expect(column).toBeGreaterThan(0);
    const shown = rows.map(
      (row) =>
        within(screen.getByText(String(row.title)).closest("tr") as HTMLElement).getAllByRole(
          "cell",
        )[column]!.textContent,
    );
    expect(shown).toEqual(["S1", "S1E1", "E248", ""]);
  });

  it("copies what the cell shows, never the word null", () => {
    expect(rows.map((row) => cellText(seasonColumn, row, "UTC"))).toEqual([
      "S1",
      "S1E1",
      "E248",
      "",
    ]);
  });
});
