import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { columnDefs, type TableRow } from "../../client/features/tables/columns";
import { windowSourceHint } from "../../shared/table-columns";
import { StaticTable } from "./static-table";

/*
 * Every YouTube window figure says where it comes from (docs/design.md, "Window sources"): the
 * column heading explains both sources in a tooltip that opens by keyboard, and each figure names
 * its own source for the pointer (title) and for screen readers.
 */

const channel = (id: string, title: string, windowSource: string, year: number): TableRow => ({
  id,
  title,
  handle: null,
  externalId: null,
  subscriberCount: 10,
  subscribersHidden: false,
  totalViews: 100,
  videoCount: 3,
  trailing1dViews: null,
  trailing1wViews: null,
  trailing1mViews: null,
  trailing1yViews: year,
  windowSource,
  lastUpdated: null,
});

function Channels({ rows }: { rows: TableRow[] }) {
  return (
    <StaticTable
      columns={columnDefs("channels", { trailing1yViews: true }, "UTC")}
      rows={rows}
      label="Channels"
    />
  );
}

const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;

describe("Window sources in the tables", () => {
  it("names each figure's source, and explains the column by keyboard", async () => {
    const user = userEvent.setup();
    render(
      <Channels
        rows={[
          channel("a", "Owned Channel", "owner", 27_221_783),
          channel("b", "Open Channel", "public", 1_234),
        ]}
      />,
    );
    const owned = within(rowOf("Owned Channel")).getByText("27,221,783");
    expect(owned.getAttribute("title")).toBe(
      "Source: Owner analytics, exact daily views from the channel owner's YouTube Analytics",
    );
    expect(owned.textContent).toBe("27,221,783 (Owner analytics)");
    const open = within(rowOf("Open Channel")).getByText("1,234");
    expect(open.textContent).toBe("1,234 (Public counts)");
    expect(open.getAttribute("title")).toContain("Public counts");

    // The heading's sort button opens the explanation on focus and is described by it.
    const heading = screen.getByRole("button", { name: "Trailing 1Y Views" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    while (document.activeElement !== heading) await user.tab();
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe(windowSourceHint);
    expect(heading.getAttribute("aria-describedby")).toBe(tooltip.id);
  });
});
