import { Hono } from "hono";
import { legalPaths } from "../../../shared/brand";
import type { AppEnv } from "../../env";
import { injectBrand } from "./inject-brand";

// A last path segment with a dot is a file (asset, change log, logo); everything else is a page.
const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split("/").pop() ?? "");

/**
 * Serves the built client. Pages get index.html with the brand injected; files come straight
 * from the static assets. Brand-only pages redirect to /dashboard for brands without them.
 */
export const clientShellRoutes = new Hono<AppEnv>().get("*", async (c) => {
  const url = new URL(c.req.url);
  const brand = c.get("brand");
  if (!brand.legalPages && (legalPaths as readonly string[]).includes(url.pathname)) {
    return c.redirect("/dashboard", 302);
  }
  if (looksLikeFile(url.pathname)) return c.env.ASSETS.fetch(c.req.raw);

  const index = await c.env.ASSETS.fetch(
    new Request(new URL("/", url), { headers: c.req.raw.headers }),
  );
  if (!index.ok) return index;
  const page = injectBrand(new Response(index.body, index), brand, c.env.ALLOW_SIGNUP);
  const headers = new Headers(page.headers);
  // The HTML differs per brand and per deploy; never let a cache serve it across hosts.
  headers.set("Cache-Control", "no-cache");
  headers.set("Vary", "Host");
  headers.delete("ETag");
  return new Response(page.body, { status: 200, headers });
});
