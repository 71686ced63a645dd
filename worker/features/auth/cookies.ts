import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../env";

export const REFRESH_COOKIE = "crosscast_refresh";
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Only the auth endpoints ever receive the refresh token.
const COOKIE_PATH = "/api/auth";

const secure = (c: Context<AppEnv>) => new URL(c.req.url).protocol === "https:";

export function setRefreshCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: secure(c),
    sameSite: "Strict",
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TTL_MS / 1000),
  });
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE);

export const clearRefreshCookie = (c: Context<AppEnv>) =>
  deleteCookie(c, REFRESH_COOKIE, {
    path: COOKIE_PATH,
    secure: secure(c),
    httpOnly: true,
    sameSite: "Strict",
  });
