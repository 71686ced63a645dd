/*
 * How far a connection's exact days are complete. YouTube Analytics closes a day some time after
 * it ends: "The response for a query with the `day` dimension will not contain rows for the most
 * recent days" (QueryResponse.rows). A day asked too early is not an empty day. Marked complete,
 * it would never be asked again, and every trailing window would miss it for good. So a
 * connection is complete through the newest day the channel's own day report holds. A day still
 * missing UNREPORTED_FINAL_AFTER_DAYS after it closed is taken as a day without data (a channel
 * nobody watched), so a quiet channel still moves on.
 */

/** Closed days after which a day YouTube has still not reported counts as a day without views. */
export const UNREPORTED_FINAL_AFTER_DAYS = 5;

/**
 * The day (days since 1970-01-01) a connection is complete through after asking up to
 * `lastAsked`: the newest day reported (`reported`, the channel report's days), or the newest day
 * old enough to be final, whichever is later, never past what was asked nor before `previous`.
 */
export function completeThrough(
  reported: readonly number[],
  previous: number | null,
  lastAsked: number,
  yesterday: number,
): number {
  const newestReported = reported.reduce((newest, day) => Math.max(newest, day), -Infinity);
  const final = yesterday - UNREPORTED_FINAL_AFTER_DAYS;
  const through = Math.min(lastAsked, Math.max(newestReported, final));
  return previous === null ? through : Math.max(previous, through);
}
