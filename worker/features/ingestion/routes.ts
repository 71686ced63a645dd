import { Hono } from "hono";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { parseChannelUrl } from "../../../shared/channel-url";
import { addChannelBodySchema, addShowsBodySchema, connectBodySchema, connectParamSchema, refreshBodySchema } from "../../../shared/schemas/ingestion";
import type { AppEnv } from "../../env";
import { getDb } from "../../db/client";
import { channels, integrations, shows } from "../../db/schema";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { SimplecastClient, SimplecastError } from "../../providers/simplecast/client";
import { providerFetch } from "../../providers/transport";
import { YouTubeClient } from "../../providers/youtube/client";
import { YouTubeError } from "../../providers/youtube/errors";
import { integrationKey } from "../integrations/keys";
import { integrationViews, saveApiKey } from "../organization/integrations";
import { audit } from "../organization/audit";
import { enqueueJob, getJob, recentJobs } from "./jobs";

const label = { youtube: "YouTube", simplecast: "Simplecast" } as const;

/** Tests a key with one real, cheap call; throws the spec's message when the provider refuses it. */
async function testKey(env: Env, type: "youtube" | "simplecast", apiKey: string) {
  try {
    if (type === "youtube") await new YouTubeClient(apiKey, providerFetch(env), { maxRetries: 1 }).channelByHandle("@YouTube");
    else await new SimplecastClient(apiKey, providerFetch(env), { maxRetries: 1 }).podcasts();
  } catch (error) {
    const invalid = (error instanceof YouTubeError && (error.kind === "invalid_key" || error.kind === "forbidden")) || (error instanceof SimplecastError && error.kind === "invalid_key");
    if (invalid) throw new ApiError("BAD_REQUEST", `Invalid API key or unable to connect to ${label[type]}`, { reason: "invalid_key", field: "apiKey" });
    throw new ApiError("BAD_REQUEST", `Failed to connect to ${label[type]}`, { reason: "provider_unavailable" });
  }
}

async function requireActive(db: ReturnType<typeof getDb>, organizationId: string, type: "youtube" | "simplecast") {
  const row = await db.query.integrations.findFirst({ where: and(eq(integrations.organizationId, organizationId), eq(integrations.type, type)) });
  if (!row) throw new ApiError("BAD_REQUEST", type === "youtube" ? "Please set up your YouTube API key first" : "Simplecast API key not found", { reason: "integration_missing" });
  if (row.status !== "active") throw new ApiError("BAD_REQUEST", type === "youtube" ? "YouTube integration not found" : "Simplecast API key not found", { reason: "integration_inactive" });
}

/** Connecting providers, adding channels and shows, and following the jobs (under /api/orgs/:orgId). */
export const ingestionRoutes = new Hono<AppEnv>()
  .post("/integrations/:type/connect", requireAdmin, validate("param", connectParamSchema), validate("json", connectBodySchema), async (c) => {
    const { type } = c.req.valid("param");
    const { apiKey } = c.req.valid("json");
    await testKey(c.env, type, apiKey);
    const db = getDb(c.env);
    await saveApiKey(db, c.env.ENCRYPTION_KEY, c.get("org").id, type, apiKey, "active");
    await audit(db, { organizationId: c.get("org").id, actorUserId: c.get("userId"), action: "integrations.keys_changed", targetType: "integration", details: { types: type, connected: true } });
    return c.json({ integrations: await integrationViews(db, c.get("org").id) });
  })
  // What every member may know: whether each provider is connected (never the key or its mask).
  .get("/integrations/status", async (c) => {
    const rows = await getDb(c.env).select({ type: integrations.type, status: integrations.status }).from(integrations).where(eq(integrations.organizationId, c.get("org").id));
    return c.json({ integrations: rows });
  })
  .get("/integrations/simplecast/podcasts", async (c) => {
    const db = getDb(c.env);
    const key = await integrationKey(db, c.env, c.get("org").id, "simplecast").catch(() => {
      throw new ApiError("BAD_REQUEST", "Simplecast API key not found", { reason: "integration_missing" });
    });
    try {
      const podcasts = await new SimplecastClient(key, providerFetch(c.env)).podcasts();
      return c.json({ podcasts: podcasts.map((p) => ({ id: p.id, title: p.title })) });
    } catch {
      throw new ApiError("BAD_REQUEST", "Failed to fetch podcasts from Simplecast", { reason: "provider_unavailable" });
    }
  })
  .post("/channels", validate("json", addChannelBodySchema), async (c) => {
    const parsed = parseChannelUrl(c.req.valid("json").url);
    if (!parsed.ok) throw new ApiError("BAD_REQUEST", parsed.message, { reason: "invalid_channel_url", field: "url" });
    const db = getDb(c.env);
    await requireActive(db, c.get("org").id, "youtube");
    const jobId = await enqueueJob(c.env, db, c.get("org").id, c.get("userId"), { type: "ingest.channel", handle: parsed.handle });
    return c.json({ jobId }, 202);
  })
  .post("/shows", validate("json", addShowsBodySchema), async (c) => {
    const db = getDb(c.env);
    await requireActive(db, c.get("org").id, "simplecast");
    const jobId = await enqueueJob(c.env, db, c.get("org").id, c.get("userId"), { type: "ingest.shows", podcastIds: c.req.valid("json").podcastIds });
    return c.json({ jobId }, 202);
  })
  .post("/refresh", validate("json", refreshBodySchema), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const { platform } = c.req.valid("json");
    const targets = platform === "youtube" ? await db.select({ id: channels.id }).from(channels).where(eq(channels.organizationId, orgId)) : await db.select({ id: shows.id }).from(shows).where(eq(shows.organizationId, orgId));
    const jobIds = [];
    for (const t of targets) {
      const job = platform === "youtube" ? ({ type: "refresh.channel", channelId: t.id } as const) : ({ type: "refresh.show", showId: t.id } as const);
      jobIds.push(await enqueueJob(c.env, db, orgId, c.get("userId"), job));
    }
    return c.json({ jobIds }, 202);
  })
  .get("/jobs", validate("query", z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) })), async (c) => c.json({ jobs: await recentJobs(getDb(c.env), c.get("org").id, c.req.valid("query").limit) }))
  .get("/jobs/:jobId", validate("param", z.object({ jobId: z.string().uuid({ message: "Invalid job id" }) })), async (c) => c.json({ job: await getJob(getDb(c.env), c.get("org").id, c.req.valid("param").jobId) }))
  .get("/channels", async (c) => c.json({ channels: await getDb(c.env).select().from(channels).where(eq(channels.organizationId, c.get("org").id)).orderBy(desc(channels.lastUpdated)) }))
  .get("/shows", async (c) => c.json({ shows: await getDb(c.env).select().from(shows).where(eq(shows.organizationId, c.get("org").id)).orderBy(desc(shows.lastUpdated)) }));
