/*
 * When the hourly cron refreshes a channel or show. Pure, so the policy is unit-tested.
 *
 * Each entity has an hour of its own (a hash of its id), which spreads the day's refreshes, and
 * with them the YouTube quota and the D1 writes, evenly over 24 hours. At its hour an entity is
 * refreshed unless it was refreshed in the last 12 hours (a Refresh click earlier that day
 * counts). Whatever its hour, an entity not refreshed for 26 hours is caught up at once (its
 * slot's job failed, or a manual refresh moved it), so nothing stays more than about a day stale.
 */
const HOUR_MS = 3_600_000;
export const REFRESHED_RECENTLY_MS = 12 * HOUR_MS;
export const OVERDUE_MS = 26 * HOUR_MS;

/** A stable hour of the day (0-23) for an id. */
export function hashToHour(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % 24;
}

/** Whether the cron slot starting at `slotMs` should refresh the entity. */
export function refreshDue(id: string, lastUpdated: Date | null, slotMs: number): boolean {
  if (!lastUpdated) return true;
  const age = slotMs - lastUpdated.getTime();
  if (age >= OVERDUE_MS) return true;
  return hashToHour(id) === new Date(slotMs).getUTCHours() && age >= REFRESHED_RECENTLY_MS;
}
