import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { columnDefs, type TableRow } from "../../client/features/tables/columns";
import { cellText } from "../../client/features/tables/copy-page";
import { tableColumns } from "../../shared/table-columns";
import { StaticTable } from "./static-table";

/*
 * Figures YouTube leaves out: a video whose owner hides its likes, or whose comments are turned
 * off, has no count (the row's figure is null and a flag says why). The Videos table says so in
 * place of a number, explains it on hover, and a copied row says it too, as a hidden subscriber
 * count always did.
 */

const video = (id: string, title: string, over: Partial<TableRow>): TableRow => ({
  id,
  title,
  externalId: id,
  channelId: "c1",
  channelTitle: "Tech channel",
  views: 1_000,
  likes: 31,
  comments: 4,
  likesHidden: false,
  commentsOff: false,
  durationSeconds: 600,
  first24hViews: null,
  first48hViews: null,
  first7dViews: null,
  trailing1dViews: null,
  trailing1wViews: null,
  trailing1mViews: null,
  trailing1yViews: null,
  windowSource: "public",
  watchMinutes: null,
  averageViewDuration: null,
  publishDate: "2026-11-01T12:00:00.000Z",
  lastUpdated: "2026-11-30T12:00:00.000Z",
  ...over,
});

const rows = [
  video("a", "Likes kept private", { likes: null, likesHidden: true }),
  video("b", "Made for kids", { comments: null, commentsOff: true }),
  video("c", "Open to all", {}),
];

const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;
const cellOf = (title: string, column: number) =>
  within(rowOf(title)).getAllByRole("cell")[column] as HTMLElement;

describe("Figures YouTube leaves out, in the Videos table", () => {
  it("says Hidden or Off in place of a count, with the reason on hover", () => {
    render(<StaticTable columns={columnDefs("videos", {}, "UTC")} rows={rows} label="Videos" />);
    const headings = screen.getAllByRole("columnheader").map((h) => h.textContent ?? "");
    const likes = headings.findIndex((h) => h.startsWith("Likes"));
    const comments = headings.findIndex((h) => h.startsWith("Comments"));
    expect(likes).toBeGreaterThan(0);

    const hidden = cellOf("Likes kept private", likes);
    expect(hidden.textContent).toBe("Hidden");
    expect(within(hidden).getByTitle("The video's owner hides its likes")).toBeTruthy();
    expect(cellOf("Likes kept private", comments).textContent).toBe("4");

    const off = cellOf("Made for kids", comments);
    expect(off.textContent).toBe("Off");
    expect(within(off).getByTitle("Comments are turned off for this video")).toBeTruthy();
    expect(cellOf("Made for kids", likes).textContent).toBe("31");

    expect(cellOf("Open to all", likes).textContent).toBe("31");
    expect(cellOf("Open to all", comments).textContent).toBe("4");
  });

  it("copies the reason as the cell says it, not a 0", () => {
    const column = (id: string) => tableColumns.videos.find((c) => c.id === id)!;
    expect(cellText(column("likes"), rows[0]!, "UTC")).toBe("Hidden");
    expect(cellText(column("comments"), rows[1]!, "UTC")).toBe("Off");
    expect(cellText(column("likes"), rows[2]!, "UTC")).toBe(31);
  });

  it("copies a date as the organisation's calendar day the cell shows", () => {
    const published = tableColumns.videos.find((c) => c.id === "publishDate")!;
    // 00:31 UTC on 2 December is the evening of 1 December in Los Angeles.
    const row = { ...rows[0]!, publishDate: "2026-12-02T00:31:46.242Z" };
    expect(cellText(published, row, "America/Los_Angeles")).toBe("2026-12-01");
    expect(cellText(published, row, "UTC")).toBe("2026-12-02");
  });
});
