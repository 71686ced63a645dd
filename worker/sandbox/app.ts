import { Hono } from "hono";
import type { AppEnv } from "../env";
import { googleSandbox } from "./google/routes";
import { simplecastSandbox } from "./simplecast/routes";
import { youtubeSandbox } from "./youtube/routes";
import { youtubeAnalyticsSandbox } from "./youtube-analytics/routes";
import { youtubeReportingSandbox } from "./youtube-reporting/routes";

/**
 * Emulators of the third-party APIs, addressed as /sandbox/<real host>/<real path>. Only reachable
 * when SANDBOX=1 (see worker/providers/transport.ts and the /sandbox mount in worker/app.ts).
 */
export const sandboxApp = new Hono<AppEnv>()
  .basePath("/sandbox")
  .route("/www.googleapis.com/youtube/v3", youtubeSandbox)
  .route("/youtube.googleapis.com/youtube/v3", youtubeSandbox)
  .route("/youtubeanalytics.googleapis.com/v2", youtubeAnalyticsSandbox)
  .route("/youtubereporting.googleapis.com/v1", youtubeReportingSandbox)
  .route("/api.simplecast.com", simplecastSandbox)
  .route("/", googleSandbox);
