import { and, desc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { parseChannelUrl } from "../../../shared/channel-url";
import {
  integrationInactiveMessage,
  integrationMessages,
  integrationMissingMessage,
} from "../../../shared/messages-integrations";
import type { IntegrationType } from "../../../shared/schemas/enums";
import {
  addChannelBodySchema,
  addShowsBodySchema,
  connectBodySchema,
  connectParamSchema,
  refreshBodySchema,
} from "../../../shared/schemas/ingestion";
import { type Db, getDb } from "../../db/client";
import { channels, integrations, shows } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";
import { simplecastClient } from "../../providers/clients";
import { integrationKey } from "../integrations/keys";
import { testApiKey } from "../integrations/test-key";
import { audit } from "../organization/audit";
import { integrationViews, saveApiKey } from "../organization/integrations";
import { enqueueJob, getJob, inFlightTargets, recentJobs } from "./jobs";

/**
 * Adding content needs an active integration (missing and inactive rows have their own words).
 * Refreshing only needs a key: a pending one (changed in Organization Settings) is proven by the
 * refresh itself, which marks it active or error.
 */
async function requireIntegration(
  db: Db,
  organizationId: string,
  type: IntegrationType,
  mustBeActive: boolean,
) {
  const row = await db.query.integrations.findFirst({
    where: and(eq(integrations.organizationId, organizationId), eq(integrations.type, type)),
    columns: { status: true },
  });
  if (!row)
    throw new ApiError("BAD_REQUEST", integrationMissingMessage[type], {
      reason: "integration_missing",
    });
  if (mustBeActive && row.status !== "active")
    throw new ApiError("BAD_REQUEST", integrationInactiveMessage[type], {
      reason: "integration_inactive",
    });
}

/** Connecting providers, adding channels and shows, and following the jobs (under /api/orgs/:orgId). */
export const ingestionRoutes = new Hono<AppEnv>()
  // Saving a provider key is an administrator's act, like the API Keys card it shares rows with.
  .post(
    "/integrations/:type/connect",
    requireAdmin,
    validate("param", connectParamSchema),
    validate("json", connectBodySchema),
    async (c) => {
      const { type } = c.req.valid("param");
      const { apiKey } = c.req.valid("json");
      await testApiKey(c.env, type, apiKey);
      const db = getDb(c.env);
      await saveApiKey(db, c.env.ENCRYPTION_KEY, c.get("org").id, type, apiKey, "active");
      await audit(db, {
        organizationId: c.get("org").id,
        actorUserId: c.get("userId"),
        action: "integrations.keys_changed",
        targetType: "integration",
        details: { types: type, connected: true },
      });
      return c.json({ integrations: await integrationViews(db, c.get("org").id) });
    },
  )
  // What every member may know: whether each provider is connected, and a mask. Never the key.
  .get("/integrations/status", async (c) => {
    const views = await integrationViews(getDb(c.env), c.get("org").id);
    return c.json({
      integrations: views.map((v) => ({ type: v.type, status: v.status, mask: v.mask })),
    });
  })
  .get("/integrations/simplecast/podcasts", async (c) => {
    const db = getDb(c.env);
    const key = await integrationKey(db, c.env, c.get("org").id, "simplecast").catch(() => {
      throw new ApiError("BAD_REQUEST", integrationMissingMessage.simplecast, {
        reason: "integration_missing",
      });
    });
    try {
      const podcasts = await simplecastClient(c.env, key, { maxRetries: 1 }).podcasts();
      return c.json({ podcasts: podcasts.map((p) => ({ id: p.id, title: p.title })) });
    } catch {
      throw new ApiError("BAD_REQUEST", integrationMessages.podcastsFetchFailed, {
        reason: "podcasts_unavailable",
      });
    }
  })
  .post("/channels", validate("json", addChannelBodySchema), async (c) => {
    const parsed = parseChannelUrl(c.req.valid("json").url);
    if (!parsed.ok)
      throw new ApiError("BAD_REQUEST", parsed.message, {
        reason: "invalid_channel_url",
        field: "url",
      });
    const db = getDb(c.env);
    await requireIntegration(db, c.get("org").id, "youtube", true);
    const jobId = await enqueueJob(c.env, db, c.get("org").id, c.get("userId"), {
      type: "ingest.channel",
      handle: parsed.handle,
    });
    return c.json({ jobId }, 202);
  })
  .post("/shows", validate("json", addShowsBodySchema), async (c) => {
    const db = getDb(c.env);
    await requireIntegration(db, c.get("org").id, "simplecast", true);
    const podcastIds = [...new Set(c.req.valid("json").podcastIds)];
    const jobId = await enqueueJob(c.env, db, c.get("org").id, c.get("userId"), {
      type: "ingest.shows",
      podcastIds,
    });
    return c.json({ jobId }, 202);
  })
  // Refresh now: one job per tracked channel or show, except those with a job already on the way
  // (clicking twice does not spend the quota twice). Simplecast's "light" refresh is the same job:
  // Simplecast has no quota to save, so there is nothing lighter worth having.
  .post("/refresh", validate("json", refreshBodySchema), async (c) => {
    const db = getDb(c.env);
    const orgId = c.get("org").id;
    const { platform, ids } = c.req.valid("json");
    await requireIntegration(db, orgId, platform, false);
    const table = platform === "youtube" ? channels : shows;
    const targets = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, orgId), ids ? inArray(table.id, ids) : undefined));
    const busy = await inFlightTargets(db, Date.now(), orgId);
    const jobIds: string[] = [];
    for (const { id } of targets) {
      if (busy.has(id)) continue;
      const job =
        platform === "youtube"
          ? ({ type: "refresh.channel", channelId: id } as const)
          : ({ type: "refresh.show", showId: id } as const);
      const jobId = await enqueueJob(c.env, db, orgId, c.get("userId"), job);
      if (jobId) jobIds.push(jobId);
    }
    return c.json({ jobIds, alreadyRunning: targets.length - jobIds.length }, 202);
  })
  .get(
    "/jobs",
    validate("query", z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) })),
    async (c) =>
      c.json({ jobs: await recentJobs(getDb(c.env), c.get("org").id, c.req.valid("query").limit) }),
  )
  .get(
    "/jobs/:jobId",
    validate("param", z.object({ jobId: z.string().uuid({ message: "Invalid job id" }) })),
    async (c) =>
      c.json({ job: await getJob(getDb(c.env), c.get("org").id, c.req.valid("param").jobId) }),
  )
  .get("/channels", async (c) =>
    c.json({
      channels: await getDb(c.env)
        .select()
        .from(channels)
        .where(eq(channels.organizationId, c.get("org").id))
        .orderBy(desc(channels.lastUpdated)),
    }),
  )
  .get("/shows", async (c) =>
    c.json({
      shows: await getDb(c.env)
        .select()
        .from(shows)
        .where(eq(shows.organizationId, c.get("org").id))
        .orderBy(desc(shows.lastUpdated)),
    }),
  );
