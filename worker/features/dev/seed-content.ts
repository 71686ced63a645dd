import type { Db } from "../../db/client";
import { simplecastClient } from "../../providers/clients";
import { enqueueJob } from "../ingestion/jobs";
import { saveApiKey } from "../organization/integrations";

/** Sandbox keys and content of the demo organisation (sandbox/README.md explains the handles). */
export const DEMO_KEYS = {
  youtube: "AIza-sandbox-demo-media",
  simplecast: "sandbox-demo-media-token",
};
export const DEMO_HANDLES = ["@demomedia-daily", "@demomedia-tech", "@demomedia-clips"];

/**
 * Gives the demo organisation its content through the real path: connected integrations, then
 * ingestion jobs on the queue for three channels (about 600 videos) and the two demo podcasts
 * (300 episodes) that publish the same programmes.
 */
export async function seedDemoContent(
  env: Env,
  db: Db,
  organizationId: string,
  userId: string,
): Promise<string[]> {
  await saveApiKey(db, env.ENCRYPTION_KEY, organizationId, "youtube", DEMO_KEYS.youtube, "active");
  await saveApiKey(
    db,
    env.ENCRYPTION_KEY,
    organizationId,
    "simplecast",
    DEMO_KEYS.simplecast,
    "active",
  );
  const jobIds: Array<string | null> = [];
  for (const handle of DEMO_HANDLES)
    jobIds.push(
      await enqueueJob(env, db, organizationId, userId, { type: "ingest.channel", handle }),
    );
  const podcasts = await simplecastClient(env, DEMO_KEYS.simplecast).podcasts();
  const demo = podcasts.filter((p) => p.title.startsWith("Demo Media")).map((p) => p.id);
  if (demo.length > 0)
    jobIds.push(
      await enqueueJob(env, db, organizationId, userId, { type: "ingest.shows", podcastIds: demo }),
    );
  return jobIds.filter((id): id is string => id !== null);
}
