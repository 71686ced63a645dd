import { and, gte, lt, sql } from "drizzle-orm";
import { addDays } from "../../../shared/overview-period";
import type { Db } from "../../db/client";
import { episodesOf, videosOf } from "../../db/organization-scope";
import { episodes, videos } from "../../db/schema";

/** Videos or episodes published per UTC day over [first, last] (0 on days without any). */
export async function publishedPerDay(
  db: Db,
  kind: "videos" | "episodes",
  organizationId: string,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const table = kind === "videos" ? videos : episodes;
  const scope = kind === "videos" ? videosOf : episodesOf;
  const day = sql<string>`strftime('%Y-%m-%d', ${table.publishDate} / 1000, 'unixepoch')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)` })
    .from(table)
    .where(
      and(
        scope(organizationId),
        gte(table.publishDate, new Date(`${first}T00:00:00Z`)),
        lt(table.publishDate, new Date(`${addDays(last, 1)}T00:00:00Z`)),
      ),
    )
    .groupBy(day);
  const perDay = new Map<string, number>();
  for (let d = first; d <= last; d = addDays(d, 1)) perDay.set(d, 0);
  for (const r of rows) perDay.set(r.day, Number(r.count));
  return perDay;
}
