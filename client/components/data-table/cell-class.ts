import type { ColumnMeta } from "@tanstack/react-table";

/**
 * Classes shared by a column's header and body cells: numbers right-aligned in tabular figures;
 * pinned cells sticky with an opaque background (so scrolled cells pass beneath them).
 */
export function cellClass(
  meta: ColumnMeta<unknown, unknown> | undefined,
  pinned: boolean,
  header = false,
): string {
  const parts = !header && meta?.wrap ? ["whitespace-normal break-words py-2"] : ["truncate"];
  if (meta?.align === "right") parts.push("text-right tabular-nums");
  if (pinned)
    parts.push(
      "sticky",
      header ? "z-30" : "z-10",
      header
        ? "bg-slate-100 dark:bg-slate-800"
        : "bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800",
    );
  else if (header) parts.push("z-20 bg-slate-100 dark:bg-slate-800");
  return parts.join(" ");
}
