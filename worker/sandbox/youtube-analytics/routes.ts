import { type Context, Hono } from "hono";
import type { AppEnv } from "../../env";
import { accountOfAccessToken } from "../google/tokens";
import { ownedVideoById, publishedAtOf } from "../youtube/catalog";
import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  channelOwnedBy,
  combine,
  type DayFigures,
  isoDay,
  reportedDays,
  uploadsBy,
  videoDay,
} from "./data";

/*
 * YouTube Analytics API v2, reports.query (youtubeAnalytics.v2.json: GET v2/reports), for the
 * reports Crosscast asks for: daily figures of the channel or of videos (dimensions=day, with
 * filters=video==ID[,ID...]) and per-video totals (dimensions=video, which YouTube only answers
 * sorted descending by a metric with maxResults of at most 200, paged by startIndex). OAuth only:
 * a Bearer token of the channel's owner (see data.ts channelOwnedBy); an API key is refused.
 */

const error = (
  c: Context<AppEnv>,
  code: 400 | 401 | 403,
  message: string,
  reason: string,
  status: string,
  extra: Record<string, string> = {},
) =>
  c.json(
    { error: { code, message, errors: [{ message, domain: "global", reason, ...extra }], status } },
    code,
  );
const badRequest = (c: Context<AppEnv>, message: string, reason = "badRequest") =>
  error(c, 400, message, reason, "INVALID_ARGUMENT");

/** Accounts whose every report answers 200 with `errors` (sandbox/README.md). */
export const FAILED_REPORT_ACCOUNT = "failed-report";

const isDate = (v: string | undefined): v is string =>
  v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
// Every metric served here is a whole number (averageViewDuration is in seconds).
const header = (name: string, dimension: boolean) => ({
  name,
  columnType: dimension ? "DIMENSION" : "METRIC",
  dataType: dimension ? "STRING" : "INTEGER",
});

export const youtubeAnalyticsSandbox = new Hono<AppEnv>().get("/reports", (c) => {
  const bearer = (c.req.header("authorization") ?? "").replace(/^Bearer /, "");
  const account = bearer ? accountOfAccessToken(bearer) : null;
  if (!account)
    return error(c, 401, "Login Required.", "required", "UNAUTHENTICATED", {
      location: "Authorization",
      locationType: "header",
    });
  const q = c.req.query();
  for (const name of ["ids", "startDate", "endDate", "metrics"] as const)
    if (!q[name]) return badRequest(c, `Required ${name}`, "required");
  if (!isDate(q.startDate) || !isDate(q.endDate))
    return badRequest(c, "Invalid value for startDate or endDate: expected YYYY-MM-DD", "invalid");
  if (q.startDate > q.endDate)
    return badRequest(c, "The start date must not be later than the end date.");
  const owned = channelOwnedBy(account);
  const ids = /^channel==(MINE|UC[\w-]+)$/.exec(q.ids ?? "");
  if (!ids) return badRequest(c, `Invalid value '${q.ids}' for ids`, "invalid");
  if (!owned || (ids[1] !== "MINE" && ids[1] !== owned.id))
    return error(c, 403, "Forbidden", "forbidden", "PERMISSION_DENIED");

  const metrics = (q.metrics ?? "").split(",");
  const unknown = metrics.find((m) => !(ANALYTICS_METRICS as readonly string[]).includes(m));
  if (unknown) return badRequest(c, `Unknown identifier (${unknown}) given in field metrics.`);
  const dimension = q.dimensions ?? "";
  if (dimension !== "day" && dimension !== "video")
    return badRequest(c, "The query is not supported. Check the list of supported reports.");

  // "failed-report…" accounts: a 200 whose `errors` says the query failed (QueryResponse.errors,
  // "When set, indicates that the operation failed"), beside the column headers and no rows, so
  // the client is tested against an answer that looks like an empty table but is not one.
  if (account.startsWith(FAILED_REPORT_ACCOUNT))
    return c.json({
      kind: "youtubeAnalytics#resultTable",
      columnHeaders: [header(dimension, true), ...metrics.map((m) => header(m, false))],
      errors: {
        requestId: `sbx-${owned.seed}`,
        error: [
          {
            domain: "global",
            code: "internalError",
            externalErrorMessage: "The query could not be completed. Try again later.",
          },
        ],
      },
    });

  const now = Date.now();
  // Days before the channel's first upload have nothing to add up: they are left out, which also
  // keeps a query from year 1 to 9999 as cheap as one over the channel's life.
  const firstDay = isoDay(publishedAtOf(owned, 0));
  const days = reportedDays(q.startDate < firstDay ? firstDay : q.startDate, q.endDate, now);
  const filter = /^video==([\w-]+(?:,[\w-]+)*)$/.exec(q.filters ?? "");
  if (q.filters && !filter) return badRequest(c, `Invalid value '${q.filters}' for filters`);
  // The owner's whole history: uploads that left the public playlist are still theirs.
  const filtered = filter?.[1]?.split(",").map((id) => ownedVideoById(id, now)?.video ?? null);
  if (filtered?.some((v) => v === null || v.channelId !== owned.id))
    return error(c, 403, "Forbidden", "forbidden", "PERMISSION_DENIED");
  const videosOn = (day: string) =>
    filtered ? (filtered as NonNullable<(typeof filtered)[number]>[]) : uploadsBy(owned, day);
  const values = (f: DayFigures) => metrics.map((m) => f[m as AnalyticsMetric]);
  const headers = [header(dimension, true), ...metrics.map((m) => header(m, false))];

  // "If no data is available for the given query, the `rows` element will be omitted from the
  // response" (QueryResponse.rows).
  const resultTable = (columnHeaders: typeof headers, rows: unknown[][]) => ({
    kind: "youtubeAnalytics#resultTable",
    columnHeaders,
    ...(rows.length > 0 ? { rows } : {}),
  });
  if (dimension === "day") {
    const rows = days.map((day) => [
      day,
      ...values(combine(videosOn(day).map((v) => videoDay(v, day)))),
    ]);
    return c.json(resultTable(headers, rows));
  }

  // dimensions=video: the top videos report.
  const sort = /^-(\w+)$/.exec(q.sort ?? "");
  const maxResults = Number(q.maxResults);
  if (!sort || !metrics.includes(sort[1]!) || !Number.isInteger(maxResults) || maxResults < 1)
    return badRequest(c, "The query is not supported. Check the list of supported reports.");
  if (maxResults > 200) return badRequest(c, "The maximum value of maxResults is 200.");
  const startIndex = q.startIndex === undefined ? 1 : Number(q.startIndex);
  if (!Number.isInteger(startIndex) || startIndex < 1)
    return badRequest(c, `Invalid value '${q.startIndex}' for startIndex`, "invalid");
  const lastDay = days.at(-1);
  const videos = filtered
    ? (filtered as NonNullable<(typeof filtered)[number]>[])
    : lastDay
      ? uploadsBy(owned, lastDay)
      : [];
  const totals = videos.map((v) => ({
    id: v.id,
    figures: combine(days.map((day) => videoDay(v, day))),
  }));
  const key = sort[1] as AnalyticsMetric;
  totals.sort((a, b) => b.figures[key] - a.figures[key] || a.id.localeCompare(b.id));
  const rows = totals
    .slice(startIndex - 1, startIndex - 1 + maxResults)
    .map((t) => [t.id, ...values(t.figures)]);
  return c.json(resultTable(headers, rows));
});
