import { overviewQuerySchema, overviewSchema } from "../schemas/overview";
import { orgParams, responds, routesOf } from "./define";

const route = routesOf("overview");

/** The dashboard's overview: a platform's headline figures for one of the spec's date ranges. */
export const overviewApi = {
  period: route({
    method: "get",
    path: "/orgs/{orgId}/overview",
    summary: "Headline figures against the previous period, with sparklines and top movers",
    request: { params: orgParams, query: overviewQuerySchema },
    responses: responds(200, "The overview of that period", overviewSchema),
  }),
};
