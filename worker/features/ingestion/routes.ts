import { ingestionApi as routes } from "../../../shared/api/ingestion";
import { parseChannelUrl } from "../../../shared/channel-url";
import {
  integrationInactiveMessage,
  integrationMessages,
  integrationMissingMessage,
} from "../../../shared/messages-integrations";
import type { IntegrationType } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { simplecastClient } from "../../providers/clients";
import { requireAdmin } from "../auth/middleware";
import { integrationKey } from "../integrations/keys";
import { testApiKey } from "../integrations/test-key";
import { audit } from "../organization/audit";
import { integrationViews, saveApiKey } from "../organization/integrations";
import { enqueueJob, getJob, inFlightTargets, recentJobs } from "./jobs";
import {
  integrationStatus,
  listChannels,
  listShows,
  trackedIds,
  trackedPodcastIds,
} from "./queries";

/**
 * Adding content needs an active integration (missing and inactive rows have their own words).
 * Refreshing only needs a key: a pending one (changed in Organization Settings) is proven by the
 * refresh itself, which marks it active or error.
 */
async function requireIntegration(
  organizationId: string,
  db: Db,
  type: IntegrationType,
  mustBeActive: boolean,
) {
  const status = await integrationStatus(organizationId, db, type);
  if (!status)
    throw new ApiError("BAD_REQUEST", integrationMissingMessage[type], {
      reason: "integration_missing",
    });
  if (mustBeActive && status !== "active")
    throw new ApiError("BAD_REQUEST", integrationInactiveMessage[type], {
      reason: "integration_inactive",
    });
}

/** Connecting providers, adding channels and shows, and following the jobs (shared/api/ingestion.ts). */
export const ingestionRoutes = newRouter()
  // Saving a provider key is an administrator's act, like the API Keys card it shares rows with.
  .openapi({ ...routes.connect, middleware: [requireAdmin] }, async (c) => {
    const { type } = c.req.valid("param");
    const { apiKey } = c.req.valid("json");
    const { db, primary, org } = c.var;
    await testApiKey(c.env, type, apiKey);
    await saveApiKey(db, c.env.ENCRYPTION_KEY, org.id, type, apiKey, "active");
    await audit(primary, {
      organizationId: org.id,
      actorUserId: c.var.userId,
      action: "integrations.keys_changed",
      targetType: "integration",
      details: { types: type, connected: true },
    });
    return reply(c, routes.connect, { integrations: await integrationViews(db, org.id) });
  })
  // What every member may know: whether each provider is connected, and a mask. Never the key.
  .openapi(routes.status, async (c) =>
    reply(c, routes.status, { integrations: await integrationViews(c.var.db, c.var.org.id) }),
  )
  .openapi(routes.podcasts, async (c) => {
    const key = await integrationKey(c.var.db, c.env, c.var.org.id, "simplecast").catch(() => {
      throw new ApiError("BAD_REQUEST", integrationMissingMessage.simplecast, {
        reason: "integration_missing",
      });
    });
    const podcasts = await simplecastClient(c.env, key, { maxRetries: 1 })
      .podcasts()
      .catch(() => {
        throw new ApiError("BAD_REQUEST", integrationMessages.podcastsFetchFailed, {
          reason: "podcasts_unavailable",
        });
      });
    // Marked, not left out: the dialog says which shows are already here rather than hiding them.
    const tracked = await trackedPodcastIds(c.var.org.id, c.var.db);
    return reply(c, routes.podcasts, {
      podcasts: podcasts.map(({ id, title }) => ({ id, title, tracked: tracked.has(id) })),
    });
  })
  .openapi(routes.addChannel, async (c) => {
    const parsed = parseChannelUrl(c.req.valid("json").url);
    if (!parsed.ok)
      throw new ApiError("BAD_REQUEST", parsed.message, {
        reason: "invalid_channel_url",
        field: "url",
      });
    const { db, org, userId } = c.var;
    await requireIntegration(org.id, db, "youtube", true);
    const jobId = await enqueueJob(c.env, db, org.id, userId, {
      type: "ingest.channel",
      handle: parsed.handle,
    });
    return reply(c, routes.addChannel, { jobId: jobId! });
  })
  .openapi(routes.addShows, async (c) => {
    const { db, org, userId } = c.var;
    await requireIntegration(org.id, db, "simplecast", true);
    const podcastIds = [...new Set(c.req.valid("json").podcastIds)];
    const jobId = await enqueueJob(c.env, db, org.id, userId, { type: "ingest.shows", podcastIds });
    return reply(c, routes.addShows, { jobId: jobId! });
  })
  // Refresh now: one job per tracked channel or show, except those with a job already on the way
  // (clicking twice does not spend the quota twice). Simplecast's "light" refresh is the same job:
  // Simplecast has no quota to save, so there is nothing lighter worth having.
  .openapi(routes.refresh, async (c) => {
    const { db, org, userId } = c.var;
    const { platform, ids } = c.req.valid("json");
    await requireIntegration(org.id, db, platform, false);
    const targets = await trackedIds(org.id, db, platform, ids);
    const busy = await inFlightTargets(db, Date.now(), org.id);
    const jobIds: string[] = [];
    for (const id of targets) {
      if (busy.has(id)) continue;
      const job =
        platform === "youtube"
          ? ({ type: "refresh.channel", channelId: id } as const)
          : ({ type: "refresh.show", showId: id } as const);
      const jobId = await enqueueJob(c.env, db, org.id, userId, job);
      if (jobId) jobIds.push(jobId);
    }
    return reply(c, routes.refresh, { jobIds, alreadyRunning: targets.length - jobIds.length });
  })
  .openapi(routes.jobs, async (c) =>
    reply(c, routes.jobs, {
      jobs: await recentJobs(c.var.db, c.var.org.id, c.req.valid("query").limit),
    }),
  )
  .openapi(routes.job, async (c) =>
    reply(c, routes.job, {
      job: await getJob(c.var.db, c.var.org.id, c.req.valid("param").jobId),
    }),
  )
  .openapi(routes.channels, async (c) =>
    reply(c, routes.channels, { channels: await listChannels(c.var.org.id, c.var.db) }),
  )
  .openapi(routes.shows, async (c) =>
    reply(c, routes.shows, { shows: await listShows(c.var.org.id, c.var.db) }),
  );
