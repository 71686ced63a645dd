/*
 * Google's per-minute quotas on Sheets requests (developers.google.com/sheets/api/limits, as
 * ../shared/reference/third-party-apis.md quotes it): 60 read and 60 write requests a minute for
 * each user, and 300 of each a minute for the whole project. Every sandbox account signs in to the
 * same app, so the project's figure is shared by all of them, as it would be in production.
 *
 * Kept in the isolate's memory, over a sliding minute: a restart forgets it, as a minute would.
 * A refused request takes nothing from the quota.
 */

export const SHEETS_REQUESTS_PER_USER_MINUTE = 60;
export const SHEETS_REQUESTS_PER_PROJECT_MINUTE = 300;
const MINUTE_MS = 60_000;

export type SheetsQuotaKind = "read" | "write";
/** Which limit refused a request (Google's own names, for its error message). */
export type SheetsQuotaRefusal = { metric: "Read requests" | "Write requests"; limit: string };

/** When each request the quota counted was served, by "<kind> <account>" and "<kind> *". */
const served = new Map<string, number[]>();

/** The times within the minute up to `now` under `key` (others dropped: a clock set back, too). */
function lastMinute(key: string, now: number): number[] {
  const times = (served.get(key) ?? []).filter((t) => t > now - MINUTE_MS && t <= now);
  if (times.length) served.set(key, times);
  else served.delete(key);
  return times;
}

/**
 * Counts one request of `account` against its own and the project's quota, or answers which
 * limit refuses it.
 */
export function takeSheetsQuota(
  kind: SheetsQuotaKind,
  account: string,
  now = Date.now(),
): SheetsQuotaRefusal | null {
  const metric = kind === "read" ? "Read requests" : "Write requests";
  const user = lastMinute(`${kind} ${account}`, now);
  const project = lastMinute(`${kind} *`, now);
  if (user.length >= SHEETS_REQUESTS_PER_USER_MINUTE)
    return { metric, limit: `${metric} per minute per user` };
  if (project.length >= SHEETS_REQUESTS_PER_PROJECT_MINUTE)
    return { metric, limit: `${metric} per minute` };
  served.set(`${kind} ${account}`, [...user, now]);
  served.set(`${kind} *`, [...project, now]);
  return null;
}
