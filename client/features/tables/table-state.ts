import type { TableName } from "../../../shared/schemas/tables";

/** Filter fields a table page can carry in the URL (the same names the API takes). */
export const FILTER_KEYS = [
  "views",
  "downloads",
  "published",
  "season",
  "channel",
  "show",
  "publishedFrom",
  "publishedTo",
] as const;
const QUERY_KEYS = ["q", "sort", "dir", "page", "merge", ...FILTER_KEYS] as const;
/** What chooses the rows besides their page. */
const ROW_KEYS: readonly string[] = QUERY_KEYS.filter((key) => key !== "page");

/** The page the address asks for: a whole number from 1, else the first. */
export const pageOf = (params: URLSearchParams): number => {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The API query for a table, taken from the page URL: what a user would bookmark or share. */
export function apiQueryFrom(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    // Page 1 is the API's default: "page=1" and no page are one request and one cache entry, so
    // Previous back to the first page shows what was read instead of asking again. A page or
    // direction a hand-edited address got wrong ("page=abc", "dir=sideways") is the default too,
    // rather than the server's refusal in place of the table.
    if (key === "page" && pageOf(params) === 1) continue;
    if (key === "dir" && value !== "asc" && value !== "desc") continue;
    if (value) out.set(key, value);
  }
  return out;
}

/**
 * One published filter at a time: choosing a preset clears the date range, and a date range
 * clears the preset. Both set were two conditions on one date, which could leave no row.
 */
export function onePublishedFilter(
  changes: Record<string, string | null>,
): Record<string, string | null> {
  if (changes.published) return { ...changes, publishedFrom: null, publishedTo: null };
  if (changes.publishedFrom || changes.publishedTo) return { ...changes, published: null };
  return changes;
}

/** Local builds show Merge Same (spec: behind a flag); they then ask for the duplicate counts. */
export const MERGE_SAME_BUILD = import.meta.env.VITE_MERGE_SAME === "1";

/**
 * The query string of a table's page request for this URL. The table and the dashboard (which asks
 * for the first page while the channel list is still loading) must build the same one, so both
 * land on one cache entry.
 */
export function pageQueryString(
  table: TableName,
  params: URLSearchParams,
  timeZone: string,
): string {
  const query = apiQueryFrom(params);
  // A date range names the organisation's days, as every date the app shows (the API's are UTC
  // days unless told otherwise).
  if (query.has("publishedFrom") || query.has("publishedTo")) query.set("timeZone", timeZone);
  if (MERGE_SAME_BUILD && table === "videos") query.set("duplicates", "1");
  return query.toString();
}

/**
 * Returns new URL params with some keys set or removed. Another search, sort or filter starts
 * from the first page; a change that leaves the rows as they are (the open detail panel) keeps
 * the page: opening a video's details on page 2 used to send the table back to page 1.
 */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  const rowsChange = Object.keys(changes).some((k) => ROW_KEYS.includes(k));
  if (rowsChange && !("page" in changes)) next.delete("page");
  return next;
}

export const defaultTab = (platform: string | null): TableName =>
  platform === "simplecast" ? "shows" : "channels";
