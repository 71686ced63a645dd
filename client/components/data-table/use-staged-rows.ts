import { useEffect, useState } from "react";

/** The table's scrolling region is at most this share of the window's height (DataTable's max-h-[70vh]). */
const REGION_SHARE_OF_WINDOW = 0.7;
/** No row is shorter than this (a one-line row is 40 px): erring low paints a row too many, never a gap. */
const SHORTEST_ROW_PX = 36;

/**
 * Rows in the first paint of a table's first page: as many as its scrolling region can show at
 * once in this window, and one more for a region scrolled a few pixels. A fixed 40 painted three
 * times what a 1280 x 800 window shows (14 rows fit its region, 5 are above the fold), and the
 * first rows' render and layout are the last step before a person sees the table (issue 15).
 */
export function firstPaintRows(windowHeight: number = window.innerHeight): number {
  return Math.ceil((windowHeight * REGION_SHARE_OF_WINDOW) / SHORTEST_ROW_PX) + 1;
}

/**
 * How many of the page's rows to render now. A 200-row page spent about 400 ms in style, layout
 * and paint before its first row could show (Chromium trace of the Videos tab, issue 15). When a
 * table goes from no rows (loading) to a full page, or to another page of rows (`pageKey`, the
 * address of the rows shown, changes: another page, sort, search or filter), the first
 * firstPaintRows() rows are painted first and the rest follow once that frame is on screen: a
 * new page's 200 rows took 0.5 s of render and layout after their answer on a 100k table. The
 * table shows a new page from its top (DataTable scrolls its region there), so the staged rows
 * are the ones in view. A refetch of the same rows keeps its key and is never staged, so a
 * scrolled table never shrinks under the reader. `complete` is false in between: the table
 * reports itself busy, so assistive technology and tests never read a partial page as the whole.
 */
export function useStagedRows(
  count: number,
  pageKey?: string,
): { shown: number; complete: boolean } {
  const [seen, setSeen] = useState<{ count: number; pageKey?: string }>({ count: 0, pageKey });
  const [staging, setStaging] = useState(false);
  const [firstPaint, setFirstPaint] = useState(firstPaintRows);
  // Adjusted during render (as React documents for state derived from a change), not in an effect.
  const replaced = pageKey !== undefined && seen.pageKey !== undefined && pageKey !== seen.pageKey;
  if (count !== seen.count || (pageKey !== undefined && pageKey !== seen.pageKey)) {
    setSeen({ count, pageKey: pageKey ?? seen.pageKey });
    const first = firstPaintRows();
    if ((seen.count === 0 || replaced) && count > first) {
      setFirstPaint(first);
      setStaging(true);
    } else if (staging) setStaging(false);
  }
  useEffect(() => {
    if (!staging) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An animation frame runs before the next paint; a task queued from it runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStaging(false), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [staging]);
  return staging ? { shown: firstPaint, complete: false } : { shown: count, complete: true };
}
