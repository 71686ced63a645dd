import { eq, min } from "drizzle-orm";
import type { OverviewQuery } from "../../../shared/schemas/overview";
import type { Db } from "../../db/client";
import { type Reads, readOne } from "../../db/reads";
import { channelMetrics, showMetrics } from "../../db/schema";

/** The organisation's first day with figures on the platform, or null before any. */
export function firstMetricDay(
  organizationId: string,
  db: Db,
  platform: OverviewQuery["platform"],
): Reads<string | null> {
  const metrics = platform === "youtube" ? channelMetrics : showMetrics;
  return readOne(
    db
      .select({ day: min(metrics.date) })
      .from(metrics)
      .where(eq(metrics.organizationId, organizationId)),
    ([first]) => first?.day ?? null,
  );
}
