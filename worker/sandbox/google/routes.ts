import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { googleDriveSandbox } from "./drive-routes";
import { googleOAuthSandbox } from "./oauth-routes";
import { googleSheetsSandbox } from "./sheets-routes";

export const googleSandbox = new Hono<AppEnv>()
  .route("/", googleOAuthSandbox)
  .route("/", googleDriveSandbox)
  .route("/", googleSheetsSandbox);
