import type { ColumnDef } from "@tanstack/react-table";
import { ChartLine } from "lucide-react";
import {
  type TableColumn,
  type TableName,
  tableColumns,
  type WindowSource,
  windowSourceDetails,
  windowSourceHint,
  windowSourceLabels,
  withheldFigure,
} from "../../../shared/table-columns";
import { TitleText } from "../../components/TitleText";
import { formatCount, formatDateIn, formatHours } from "../../lib/format";

export type TableRow = Record<string, string | number | boolean | null>;
type Col = TableColumn;

const n = (v: unknown) => (typeof v === "number" ? formatCount(v) : "");
const duration = (v: unknown) => {
  if (typeof v !== "number") return "";
  const h = Math.floor(v / 3600);
  const m = Math.floor((v % 3600) / 60);
  const s = String(v % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
};

/** The columns on screen, in order (shared/table-columns.ts); optional ones only when flagged. */
const shownColumns = (table: TableName): Col[] =>
  tableColumns[table].filter((c: TableColumn) => c.shown);

const linkFor = (table: TableName, row: TableRow) =>
  table === "channels" && row.handle
    ? `https://www.youtube.com/${row.handle}`
    : table === "videos" && row.externalId
      ? `https://www.youtube.com/watch?v=${row.externalId}`
      : null;

export function visibleColumns(table: TableName, optional: Record<string, boolean>): Col[] {
  return shownColumns(table).filter((c) => !c.optional || optional[c.id]);
}

export function columnDefs(
  table: TableName,
  optional: Record<string, boolean>,
  /** The organisation's zone: a date is the day its people were on when it happened. */
  timeZone: string,
  onDetails?: (row: TableRow) => void,
): Array<ColumnDef<TableRow>> {
  const date = (v: unknown) => (typeof v === "string" ? formatDateIn(v, timeZone) : "");
  return visibleColumns(table, optional).map(
    (col): ColumnDef<TableRow> => ({
      id: col.id,
      accessorFn: (row: TableRow) => row[col.id],
      ...(col.id === "title" ? { size: 240 } : {}),
      enableSorting: col.sortable,
      meta: {
        label: col.label,
        align: ["number", "duration", "minutes"].includes(col.kind) ? "right" : undefined,
        pinned: col.id === "title",
        // The title keeps a readable width when the table scrolls sideways (a phone).
        hideable: col.id !== "title",
        hint: col.hint ?? (col.sourced ? windowSourceHint : undefined),
      },
      header: () => col.label,
      cell: ({ row }) => {
        const v = row.original[col.id];
        const withheld = withheldFigure(col.id, row.original);
        if (withheld)
          return (
            <span className="text-slate-500 dark:text-slate-400" title={withheld.why}>
              {withheld.word[0]?.toUpperCase()}
              {withheld.word.slice(1)}
            </span>
          );
        if (col.sourced && typeof v === "number")
          return <SourcedFigure value={v} source={row.original.windowSource} />;
        if (col.kind === "number") return n(v);
        if (col.kind === "minutes") return typeof v === "number" ? formatHours(v) : "";
        if (col.kind === "date") return col.id === "lastUpdated" && !v ? "Never" : date(v);
        if (col.kind === "duration") return duration(v);
        if (col.kind === "season") return seasonEpisode(row.original);
        if (col.id === "title")
          return <TitleCell table={table} row={row.original} onDetails={onDetails} />;
        // A name (the channel or show of a row), in its own direction as the title.
        return <TitleText className="block">{String(v ?? "")}</TitleText>;
      },
    }),
  );
}

/**
 * A trailing or first-days figure with its source: a tooltip for the pointer, and the source's
 * name read after the figure by screen readers (docs/design.md, "Window sources").
 */
function SourcedFigure({ value, source }: { value: number; source: unknown }) {
  const known = typeof source === "string" && source in windowSourceLabels;
  if (!known) return n(value);
  const label = windowSourceLabels[source as WindowSource];
  return (
    // Relative: the screen-reader text is positioned absolutely, and must stay inside the
    // table's scrolling card instead of widening the page.
    <span
      className="relative"
      title={`Source: ${label}, ${windowSourceDetails[source as WindowSource]}`}
    >
      {n(value)}
      <span className="sr-only"> ({label})</span>
    </span>
  );
}

/**
 * The pinned title: the name (a link out to YouTube where there is one), a merged-duplicates
 * count, and the button that opens the detail panel beside the table.
 * The title keeps its own direction (TitleText; the link carries `dir="auto"` itself).
 */
function TitleCell({
  table,
  row,
  onDetails,
}: {
  table: TableName;
  row: TableRow;
  onDetails?: (row: TableRow) => void;
}) {
  const title = String(row.title ?? "");
  const href = linkFor(table, row);
  return (
    <span className="flex min-w-0 items-center gap-1">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          dir="auto"
          className="truncate text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {title}
        </a>
      ) : (
        <TitleText>{title}</TitleText>
      )}
      {typeof row.mergedCount === "number" && row.mergedCount > 1 && (
        <span
          className="shrink-0 rounded bg-purple-100 px-1 text-[11px] text-purple-800 dark:bg-purple-900/40 dark:text-purple-200"
          title={`${row.mergedCount} videos with this title, figures summed`}
        >
          ×{row.mergedCount}
        </span>
      )}
      {onDetails && (
        <button
          type="button"
          aria-label={`Details for ${title}`}
          title="Chart and details"
          onClick={() => onDetails(row)}
          className="ml-auto shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
        >
          <ChartLine className="h-4 w-4" aria-hidden />
        </button>
      )}
    </span>
  );
}

/**
 * S{season}E{episode} (spec), or the part that is known: "S1" for an episode without a number
 * (sorted first in its season), "E248" for one without a season. A blank hid the known part,
 * and copy wrote "S1Enull".
 */
export function seasonEpisode(row: TableRow): string {
  const season = typeof row.seasonNumber === "number" ? `S${row.seasonNumber}` : "";
  const episode = typeof row.episodeNumber === "number" ? `E${row.episodeNumber}` : "";
  return `${season}${episode}`;
}
