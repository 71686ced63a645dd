import { z } from "zod";

/** GET /api/health: liveness plus a real round trip to D1. */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.object({ database: z.enum(["ok", "error"]) }),
  latencyMs: z.number(),
  requestId: z.string(),
});
