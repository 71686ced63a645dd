import { healthResponseSchema } from "../schemas/health";
import { defineRoute, failures, json } from "./define";

export const healthApi = {
  check: defineRoute({
    method: "get",
    path: "/health",
    tags: ["health"],
    summary: "Liveness and a round trip to the database",
    responses: {
      200: json("Healthy", healthResponseSchema),
      503: json("The database did not answer", healthResponseSchema),
      ...failures,
    },
  }),
};
