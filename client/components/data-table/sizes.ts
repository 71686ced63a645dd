/** The spec's table column widths (section 9): default 150 px, minimum 20 px. */
export const DEFAULT_COLUMN_WIDTH = 150;
export const MIN_COLUMN_WIDTH = 20;
/** The checkbox column, pinned at the left edge; the title column is pinned right after it. */
export const SELECT_COLUMN_WIDTH = 40;
/** Every row is this tall, skeleton rows too, so loading never changes the table's height. */
export const ROW_HEIGHT = 40;
/** The narrowest the pinned title gets on a phone, to leave room for a figure column beside it. */
export const NARROW_TITLE_WIDTH = 110;
/** The sticky header row's height (34 px) and a little more: what scrolls into view stops below it. */
export const HEADER_ROW_CLEARANCE = 40;
