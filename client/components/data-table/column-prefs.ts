import type { ColumnSizingState, VisibilityState } from "@tanstack/react-table";
import { useCallback, useState } from "react";
import { z } from "zod";

/*
 * Which columns a person shows and how wide they made them, per table, remembered in this
 * browser under their user id (two people sharing a computer keep their own). Stored values are
 * checked on the way in: a broken or old entry is ignored, never a crash.
 */
const prefsSchema = z.object({
  visibility: z.record(z.string(), z.boolean()).catch({}),
  sizing: z.record(z.string(), z.number().min(20).max(2000)).catch({}),
});
export type ColumnPrefs = z.infer<typeof prefsSchema>;

const EMPTY: ColumnPrefs = { visibility: {}, sizing: {} };
const storageKey = (key: string) => `crosscast:columns:${key}`;

/** The stored choices for the table `key` (what the table shows; a copy of its rows follows them). */
export function readColumnPrefs(key: string | undefined): ColumnPrefs {
  if (!key) return EMPTY;
  try {
    const parsed = prefsSchema.safeParse(JSON.parse(localStorage.getItem(storageKey(key)) ?? "{}"));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Column visibility and widths for the table `key` (no key: kept for this page view only). */
export function useColumnPrefs(key: string | undefined) {
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => readColumnPrefs(key));
  const update = useCallback(
    (change: (prefs: ColumnPrefs) => ColumnPrefs) =>
      setPrefs((current) => {
        const next = change(current);
        if (key) {
          try {
            localStorage.setItem(storageKey(key), JSON.stringify(next));
          } catch {
            // Storage full or blocked: the choice still holds until the page is left.
          }
        }
        return next;
      }),
    [key],
  );
  const setVisibility = useCallback(
    (visibility: VisibilityState) => update((p) => ({ ...p, visibility })),
    [update],
  );
  const setSizing = useCallback(
    (sizing: ColumnSizingState) => update((p) => ({ ...p, sizing })),
    [update],
  );
  const reset = useCallback(() => update(() => EMPTY), [update]);
  return { prefs, setVisibility, setSizing, reset };
}
