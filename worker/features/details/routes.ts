import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { pacing, series } from "./series";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date like 2026-01-31" });
const params = z.object({
  kind: z.enum(["channels", "videos", "shows", "episodes"]),
  id: z.string().uuid({ message: "Invalid id" }),
});
/** At most two years in one chart: the comparison doubles what is read. */
const MAX_DAYS = 731;
const seriesQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_DAYS, {
    message: `A chart covers at most ${MAX_DAYS} days`,
    path: ["from"],
  });

/** The detail panel (under /api/orgs/:orgId/details): a time series with its comparison, and pacing. */
export const detailRoutes = new Hono<AppEnv>()
  .get(
    "/:kind/:id/series",
    validate("param", params),
    validate("query", seriesQuery),
    async (c) => {
      const { kind, id } = c.req.valid("param");
      const { from, to } = c.req.valid("query");
      return c.json(await series(getDb(c.env), c.get("org").id, kind, id, from, to));
    },
  )
  .get("/:kind/:id/pacing", validate("param", params), async (c) => {
    const { kind, id } = c.req.valid("param");
    if (kind !== "videos" && kind !== "episodes")
      throw new ApiError("BAD_REQUEST", "Pacing is for videos and episodes", { field: "kind" });
    return c.json(await pacing(getDb(c.env), c.get("org").id, kind, id));
  });
