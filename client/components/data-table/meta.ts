import type { RowData } from "@tanstack/react-table";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the Columns menu and resize handle (headers may be elements). */
    label?: string;
    /** Numbers: right-aligned with tabular figures so digits line up. */
    align?: "right";
    /** The title column: pinned beside the checkbox while the table scrolls sideways. */
    pinned?: boolean;
    /** False for columns the Columns menu must not hide (the title). */
    hideable?: boolean;
    /** What the heading means, shown as a tooltip on hover and on keyboard focus. */
    hint?: string;
    /**
     * Words rather than figures (a schedule, a time with its zone, a run's outcome): wrapped onto
     * another line instead of cut short, in the reports' small tables whose rows are not sized
     * for a virtual list. Cut, they could be read only by hovering.
     */
    wrap?: boolean;
  }
}

/** A list's title column: pinned beside the checkbox like every table's, never hidden. */
export const PINNED_TITLE = { pinned: true, hideable: false } as const;

/** A column of words, wrapped rather than cut short (see `wrap`). */
export const WRAP = { wrap: true } as const;

/**
 * A Created column's width: room for its longest time on one line ("Dec 31, 2026 12:59 PM PST",
 * about 180 px in the table's text) beside its padding. At 200 a time past 10 o'clock wrapped
 * onto a second line on a tablet and made its row taller than the rest.
 */
export const CREATED_WIDTH = 220;
