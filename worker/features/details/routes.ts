import { detailsApi as routes } from "../../../shared/api/details";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { pacing, series } from "./series";

/** The detail panel: a time series with its comparison, and pacing (shared/api/details.ts). */
export const detailRoutes = newRouter()
  .openapi(routes.series, async (c) => {
    const { kind, id } = c.req.valid("param");
    const { from, to } = c.req.valid("query");
    return reply(c, routes.series, await series(c.var.db, c.var.org.id, kind, id, from, to));
  })
  .openapi(routes.pacing, async (c) => {
    const { kind, id } = c.req.valid("param");
    if (kind !== "videos" && kind !== "episodes")
      throw new ApiError("BAD_REQUEST", "Pacing is for videos and episodes", { field: "kind" });
    return reply(c, routes.pacing, await pacing(c.var.db, c.var.org.id, kind, id));
  });
