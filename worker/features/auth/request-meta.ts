import type { Context } from "hono";
import type { AppEnv } from "../../env";

export const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";
export const requestMeta = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  userAgent: c.req.header("user-agent") ?? null,
});
/** Links in emails point at the origin the request came from (so each brand links to itself). */
export const emailContext = (c: Context<AppEnv>) => ({
  brandName: c.get("brand").name,
  origin: new URL(c.req.url).origin,
});
