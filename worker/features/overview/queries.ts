import { eq, min } from "drizzle-orm";
import type { OverviewQuery } from "../../../shared/schemas/overview";
import type { Db } from "../../db/client";
import { channelMetrics, showMetrics } from "../../db/schema";

/** The organisation's first day with figures on the platform, or null before any. */
export async function firstMetricDay(
  organizationId: string,
  db: Db,
  platform: OverviewQuery["platform"],
) {
  const metrics = platform === "youtube" ? channelMetrics : showMetrics;
  const [first] = await db
    .select({ day: min(metrics.date) })
    .from(metrics)
    .where(eq(metrics.organizationId, organizationId));
  return first?.day ?? null;
}
