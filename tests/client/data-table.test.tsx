import type { ColumnDef, SortingState } from "@tanstack/react-table";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMemo, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "../../client/components/data-table/DataTable";

/*
 * The one table of the product (spec section 2): selection, Edit for exactly one selected row,
 * Delete Selected (count) behind a confirmation, and paging that follows the total.
 */

type Row = { id: string; title: string };
const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, title: `Video ${from + i}` }));
const columns: Array<ColumnDef<Row>> = [
  { id: "title", header: "Title", accessorKey: "title", enableSorting: true },
];

const rowId = (r: Row) => r.id;
const rowTitle = (r: Row) => r.title;

function Table(props: {
  columns?: Array<ColumnDef<Row>>;
  search?: string;
  onSearchChange?: (q: string) => void;
  data?: Row[];
  total?: number;
  page?: number;
  onEdit?: (row: Row) => void;
  onDeleteSelected?: (rows: Row[]) => Promise<void>;
  onPageChange?: (page: number) => void;
  onSortingChange?: (sorting: SortingState) => void;
  loading?: boolean;
  rowsKey?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <DataTable<Row>
      columns={props.columns ?? columns}
      rows={props.data ?? rows(3)}
      getRowId={rowId}
      rowLabel={rowTitle}
      total={props.total ?? (props.data ?? rows(3)).length}
      page={props.page ?? 1}
      pageSize={200}
      onPageChange={props.onPageChange ?? (() => undefined)}
      sorting={sorting}
      onSortingChange={(s) => {
        setSorting(s);
        props.onSortingChange?.(s);
      }}
      loading={props.loading ?? false}
      emptyText="Nothing here yet."
      search={props.search ?? ""}
      onSearchChange={props.onSearchChange ?? (() => undefined)}
      onEdit={props.onEdit}
      onDeleteSelected={props.onDeleteSelected}
      label="Videos"
      rowsKey={props.rowsKey}
    />
  );
}

const rowBoxes = () => screen.getAllByRole("checkbox", { name: /^Select Video/ });
const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;

describe("DataTable selection", () => {
  it("shows Edit only while exactly one row is selected, and edits that row", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Table onEdit={onEdit} onDeleteSelected={async () => undefined} />);
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
    await user.click(within(rowOf("Video 2")).getByRole("checkbox", { name: "Select Video 2" }));
    // Named after the row it edits.
    await user.click(screen.getByRole("button", { name: "Edit Video 2" }));
    expect(onEdit).toHaveBeenCalledExactlyOnceWith({ id: "r2", title: "Video 2" });
    await user.click(within(rowOf("Video 3")).getByRole("checkbox", { name: "Select Video 3" }));
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Selected (2)" })).toBeTruthy();
    await user.click(within(rowOf("Video 2")).getByRole("checkbox", { name: "Select Video 2" }));
    expect(screen.getByRole("button", { name: /^Edit/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Selected (1)" })).toBeTruthy();
  });

  it("has no Edit or Delete where the page offers none", async () => {
    const user = userEvent.setup();
    render(<Table />);
    await user.click(rowBoxes()[0]!);
    // The row is selected (positive anchor), yet neither action exists.
    expect((rowBoxes()[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
  });

  it("selects and clears every row of the page with the header checkbox", async () => {
    const user = userEvent.setup();
    render(<Table data={rows(4)} onDeleteSelected={async () => undefined} />);
    const all = screen.getByRole("checkbox", {
      name: "Select all rows on this page",
    }) as HTMLInputElement;
    await user.click(all);
    expect(rowBoxes().map((b) => (b as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(screen.getByRole("button", { name: "Delete Selected (4)" })).toBeTruthy();
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(rowBoxes().every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
  });
});

describe("DataTable delete", () => {
  it("asks first; Cancel deletes nothing and keeps the selection", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => undefined);
    render(<Table onDeleteSelected={onDelete} />);
    await user.click(rowBoxes()[0]!);
    await user.click(screen.getByRole("button", { name: "Delete Selected (1)" }));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Delete 1 selected?" },
      // The dialog's code loads on first use; on a loaded machine that can take a moment.
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Delete Selected (1)" })).toBeTruthy();
  });

  it("deletes exactly the selected rows, shows Deleting... meanwhile, then clears the selection", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onDelete = vi.fn(
      (_: Row[]) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Table data={rows(5)} onDeleteSelected={onDelete} />);
    await user.click(within(rowOf("Video 2")).getByRole("checkbox", { name: "Select Video 2" }));
    await user.click(within(rowOf("Video 4")).getByRole("checkbox", { name: "Select Video 4" }));
    await user.click(screen.getByRole("button", { name: "Delete Selected (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete 2 selected?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith([
      { id: "r2", title: "Video 2" },
      { id: "r4", title: "Video 4" },
    ]);
    const busy = within(dialog).getByRole("button", { name: "Deleting..." }) as HTMLButtonElement;
    // Disabled, keeping the focus it was pressed with (aria-disabled; see useHeldFocus).
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(busy);
    finish();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
    expect(rowBoxes().every((b) => !(b as HTMLInputElement).checked)).toBe(true);
  });

  it("a failed delete keeps the dialog open with the rows still selected, and throws nothing", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => {
      throw new Error("network");
    });
    render(<Table onDeleteSelected={onDelete} />);
    await user.click(rowBoxes()[1]!);
    await user.click(screen.getByRole("button", { name: "Delete Selected (1)" }));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Delete 1 selected?" },
      // The dialog's code loads on first use; on a loaded machine that can take a moment.
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Delete" })).toBeTruthy(),
    );
    expect(screen.getByRole("dialog", { name: "Delete 1 selected?" })).toBeTruthy();
    // The open modal hides the page from the accessibility tree, hence hidden: true.
    const boxes = screen.getAllByRole("checkbox", { name: /^Select Video/, hidden: true });
    expect((boxes[1] as HTMLInputElement).checked).toBe(true);
  });
});

describe("DataTable paging, sorting and states", () => {
  it("counts pages from the total and disables the ends", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { rerender } = render(<Table total={401} page={1} onPageChange={onPageChange} />);
    screen.getByText("401 rows · page 1 of 3");
    const previous = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect([previous.disabled, next.disabled]).toEqual([true, false]);
    await user.click(next);
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    rerender(<Table total={401} page={3} onPageChange={onPageChange} />);
    screen.getByText("401 rows · page 3 of 3");
    expect([previous.disabled, next.disabled]).toEqual([false, true]);
    await user.click(previous);
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    rerender(<Table total={400} page={2} onPageChange={onPageChange} />);
    screen.getByText("400 rows · page 2 of 2");
  });

  it("an empty table is one page and says so; loading shows no rows and no empty text", () => {
    const { rerender } = render(<Table data={[]} total={0} />);
    screen.getByText("Nothing here yet.");
    screen.getByText("0 rows · page 1 of 1");
    rerender(<Table data={rows(2)} loading />);
    expect(screen.getByRole("table", { name: "Videos" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText("Video 1")).toBeNull();
    expect(screen.queryByText("Nothing here yet.")).toBeNull();
  });

  it("claims no count while the first answer is loading, and pages nowhere", () => {
    // A table still loading used to say "0 rows · page 1 of 1": a wrong answer that a reader
    // (or a test reading the count) could take for the real one.
    const { rerender } = render(<Table data={[]} total={0} page={2} loading />);
    expect(screen.queryByText(/rows? · page/)).toBeNull();
    const pager = screen.getByRole("navigation", { name: "Videos pages" });
    const buttons = within(pager).getAllByRole("button") as HTMLButtonElement[];
    expect(buttons.map((b) => b.disabled)).toEqual([true, true]);
    rerender(<Table data={rows(3)} total={401} page={2} />);
    screen.getByText("401 rows · page 2 of 3");
    expect(buttons.map((b) => b.disabled)).toEqual([false, false]);
  });

  it("keeps the keyboard in the pager when the button pressed becomes disabled", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Table data={rows(3)} total={450} page={2} />);
    const previous = screen.getByRole("button", { name: "Previous" });
    previous.focus();
    await user.keyboard("{Enter}");
    // The page follows the address: page 1 disables Previous, and focus moves to Next.
    rerender(<Table data={rows(3)} total={450} page={1} />);
    expect(previous).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next" }));
    // And at the last page, from Next back to Previous.
    rerender(<Table data={rows(3)} total={450} page={3} />);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Previous" }));
  });

  it("a sortable header cycles ascending, descending and back, and marks aria-sort", async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    render(<Table onSortingChange={onSortingChange} />);
    const header = screen.getByRole("columnheader", { name: /^Title/ });
    await user.click(within(header).getByRole("button", { name: "Title" }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: "title", desc: false }]);
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    await user.click(within(header).getByRole("button", { name: "Title" }));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: "title", desc: true }]);
    expect(header.getAttribute("aria-sort")).toBe("descending");
  });
});

describe("DataTable first page in two paints", () => {
  const table = () => screen.getByRole("table", { name: "Videos" });

  const windowHeight = (px: number) =>
    Object.defineProperty(window, "innerHeight", { value: px, configurable: true, writable: true });
  afterEach(() => windowHeight(768));

  it("paints the rows its scrolling region can show first, busy until the rest of the page follows", async () => {
    // A 1280 x 800 window: the region is at most 560 px, 14 rows of 40 px.
    windowHeight(800);
    const { rerender } = render(<Table data={rows(200)} total={250} />);
    expect(rowBoxes()).toHaveLength(17);
    expect(table().getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(rowBoxes()).toHaveLength(200));
    expect(table().getAttribute("aria-busy")).toBe("false");
    expect(screen.getByText("Video 200")).toBeTruthy();
    // The next page replaces rows already on screen at once: a scrolled table never shrinks.
    rerender(<Table data={rows(50, 201)} total={250} page={2} />);
    expect(rowBoxes()).toHaveLength(50);
    expect(table().getAttribute("aria-busy")).toBe("false");
    rerender(<Table data={rows(200)} total={250} page={1} />);
    expect(rowBoxes()).toHaveLength(200);
  });

  it("another page, sort or filter starts at the top and paints the rows in view first; a refetch keeps its place", async () => {
    windowHeight(800);
    const region = () => screen.getByRole("region", { name: "Videos table" });
    const { rerender } = render(<Table data={rows(200)} total={400} rowsKey="page=1" />);
    await waitFor(() => expect(rowBoxes()).toHaveLength(200));
    region().scrollTop = 1200;
    // Page 2: its first rows first, busy until the rest follows, from the top.
    rerender(<Table data={rows(200, 201)} total={400} page={2} rowsKey="page=2" />);
    expect(rowBoxes()).toHaveLength(17);
    expect(screen.getByText("Video 201")).toBeTruthy();
    expect(table().getAttribute("aria-busy")).toBe("true");
    expect(region().scrollTop).toBe(0);
    await waitFor(() => expect(rowBoxes()).toHaveLength(200));
    expect(table().getAttribute("aria-busy")).toBe("false");
    // The same rows again (a refetch after a job ended): all at once, where the reader was.
    region().scrollTop = 800;
    rerender(<Table data={rows(200, 201)} total={400} page={2} rowsKey="page=2" />);
    expect(rowBoxes()).toHaveLength(200);
    expect(region().scrollTop).toBe(800);
    // While the next answer loads the rows shown are the previous ones (no key): nothing moves.
    rerender(<Table data={rows(200, 201)} total={400} page={3} />);
    expect(rowBoxes()).toHaveLength(200);
    expect(region().scrollTop).toBe(800);
  });

  it("a taller window paints more rows first: enough to fill its region", async () => {
    // 2560 x 1440: the region is at most 1,008 px, 26 rows of 40 px (25.2).
    windowHeight(1440);
    render(<Table data={rows(200)} total={200} />);
    expect(rowBoxes()).toHaveLength(29);
    await waitFor(() => expect(rowBoxes()).toHaveLength(200));
  });

  it("a page that fits in the first paint is complete at once", () => {
    windowHeight(800);
    render(<Table data={rows(17)} total={17} />);
    expect(rowBoxes()).toHaveLength(17);
    expect(table().getAttribute("aria-busy")).toBe("false");
  });
});

describe("DataTable rows render again only when what they show changes", () => {
  /** A table whose title cells count their renders, with its search box and a cell suffix held by the caller. */
  function CountingTable({ renders }: { renders: Map<string, number> }) {
    const [search, setSearch] = useState("");
    const [suffix, setSuffix] = useState("");
    const [data, setData] = useState(() => rows(3));
    const counted = useMemo<Array<ColumnDef<Row>>>(
      () => [
        {
          id: "title",
          header: "Title",
          cell: ({ row }) => {
            renders.set(row.original.id, (renders.get(row.original.id) ?? 0) + 1);
            return `${row.original.title}${suffix}`;
          },
        },
      ],
      [renders, suffix],
    );
    return (
      <>
        <button type="button" onClick={() => setSuffix(" (new)")}>
          Change cells
        </button>
        <button
          type="button"
          onClick={() =>
            setData((d) => d.map((r) => (r.id === "r2" ? { ...r, title: "Renamed" } : r)))
          }
        >
          Rename
        </button>
        <Table columns={counted} data={data} search={search} onSearchChange={setSearch} />
      </>
    );
  }

  it("typing in the search box renders no row again; a checkbox renders its own row", async () => {
    const user = userEvent.setup();
    const renders = new Map<string, number>();
    render(<CountingTable renders={renders} />);
    const before = new Map(renders);
    await user.type(screen.getByRole("searchbox", { name: "Search Videos" }), "future");
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("future");
    expect(renders).toEqual(before);
    const box = within(rowOf("Video 2")).getByRole("checkbox", { name: "Select Video 2" });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(renders.get("r1")).toBe(before.get("r1"));
    expect(renders.get("r3")).toBe(before.get("r3"));
    expect(renders.get("r2")).toBeGreaterThan(before.get("r2") ?? 0);
  });

  it("new cell definitions and a changed row are shown", async () => {
    const user = userEvent.setup();
    render(<CountingTable renders={new Map()} />);
    await user.click(screen.getByRole("button", { name: "Change cells" }));
    expect(screen.getByText("Video 1 (new)")).toBeTruthy();
    expect(screen.getByText("Video 3 (new)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Rename" }));
    expect(screen.getByText("Renamed (new)")).toBeTruthy();
    expect(screen.queryByText("Video 2 (new)")).toBeNull();
  });
});

describe("DataTable column names", () => {
  const named: Array<ColumnDef<Row>> = [
    { id: "title", header: "Title", accessorKey: "title", meta: { label: "Video title" } },
    { id: "dateRange", header: "Date Range", cell: () => "Last 30 days" },
  ];

  it("names a column by its header when it has no label, never by its id", async () => {
    const user = userEvent.setup();
    render(<Table columns={named} />);
    expect(screen.getByRole("separator", { name: "Resize Date Range column" })).toBeTruthy();
    expect(screen.getByRole("separator", { name: "Resize Video title column" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    const items = await screen.findAllByRole("menuitemcheckbox");
    expect(items.map((item) => item.textContent)).toEqual(["Video title", "Date Range"]);
  });
});
