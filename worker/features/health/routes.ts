import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** Liveness plus a real round trip to D1, so a broken database shows up as unhealthy. */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  let database: "ok" | "error" = "ok";
  try {
    await c.env.DB.prepare("select 1").first();
  } catch (error) {
    database = "error";
    c.get("log").error("health: database check failed", { error: String(error) });
  }
  const ok = database === "ok";
  return c.json(
    {
      status: ok ? "ok" : "degraded",
      checks: { database },
      latencyMs: Date.now() - started,
      requestId: c.get("requestId"),
    },
    ok ? 200 : 503,
  );
});
