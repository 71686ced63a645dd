import { googleSheetsSandbox } from "./sheets-routes";
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { googleDriveSandbox } from "./drive-routes";
import { googleOAuthSandbox } from "./oauth-routes";

export const googleSandbox = new Hono<AppEnv>().route("/", googleOAuthSandbox).route("/", googleDriveSandbox).route("/", googleSheetsSandbox);
