import { useEffect, useState } from "react";

/** Rows in the first paint of a table's first page: more than a tall screen shows at once. */
export const FIRST_PAINT_ROWS = 40;

/**
 * How many of the page's rows to render now. A 200-row page spent about 400 ms in style, layout
 * and paint before its first row could show (Chromium trace of the Videos tab, issue 15). When a
 * table goes from no rows (loading) to a full page, the first FIRST_PAINT_ROWS rows are painted
 * first and the rest follow once that frame is on screen. Later pages, sorts and refetches
 * replace rows already on screen and are never staged, so a scrolled table never shrinks.
 * `complete` is false in between: the table reports itself busy, so assistive technology and
 * tests never read a partial page as the whole.
 */
export function useStagedRows(count: number): { shown: number; complete: boolean } {
  const [previousCount, setPreviousCount] = useState(0);
  const [staging, setStaging] = useState(false);
  // Adjusted during render (as React documents for state derived from a change), not in an effect.
  if (count !== previousCount) {
    setPreviousCount(count);
    if (previousCount === 0 && count > FIRST_PAINT_ROWS) setStaging(true);
    else if (staging) setStaging(false);
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
  return staging ? { shown: FIRST_PAINT_ROWS, complete: false } : { shown: count, complete: true };
}
