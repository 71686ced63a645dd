import { healthApi } from "../../../shared/api/health";
import { newRouter } from "../../lib/openapi";
import { pingDatabase } from "./queries";

/** Liveness plus a real round trip to D1, so a broken database shows up as unhealthy. */
export const healthRoutes = newRouter().openapi(healthApi.check, async (c) => {
  const started = Date.now();
  let database: "ok" | "error" = "ok";
  try {
    await pingDatabase(c.var.primary);
  } catch (error) {
    database = "error";
    c.get("log").error("health: database check failed", { error: String(error) });
  }
  const body = {
    status: database === "ok" ? "ok" : "degraded",
    checks: { database },
    latencyMs: Date.now() - started,
    requestId: c.get("requestId"),
  } as const;
  return database === "ok" ? c.json(body, 200) : c.json(body, 503);
});
