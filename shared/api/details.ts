import {
  detailParamsSchema,
  pacingSchema,
  seriesQuerySchema,
  seriesSchema,
} from "../schemas/details";
import { orgParams, responds, routesOf } from "./define";

const route = routesOf("details");
const params = orgParams.extend(detailParamsSchema.shape);

/** The detail panel of a channel, video, show or episode. */
export const detailsApi = {
  series: route({
    method: "get",
    path: "/orgs/{orgId}/details/{kind}/{id}/series",
    summary: "Daily views or downloads over a period, with the period before it",
    request: { params, query: seriesQuerySchema },
    responses: responds(200, "The series", seriesSchema),
  }),
  pacing: route({
    method: "get",
    path: "/orgs/{orgId}/details/{kind}/{id}/pacing",
    summary: "A video's or episode's first 30 days against the median of its siblings",
    request: { params },
    responses: responds(200, "The pacing curves", pacingSchema),
  }),
};
