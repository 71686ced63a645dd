import { useNow } from "../../lib/use-now";
import { relativeTime } from "./relative-time";

/**
 * "3 hours ago" that stays true while the page is open: only this text re-renders each minute,
 * not the table or panel around it.
 */
export function RelativeTime({ iso }: { iso: string | null }) {
  return <>{relativeTime(iso, useNow())}</>;
}
