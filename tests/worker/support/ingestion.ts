import { eq } from "drizzle-orm";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers } from "./accounts";
import { contentOf } from "./factories";
import { call } from "./http";
import { deliver, jobRow, messageFor } from "./jobs";

/** An organisation whose admin connected the given providers with (sandbox) keys. */
export async function connectedOrg(
  keys: { youtube?: string; simplecast?: string } = { youtube: "AIza-sandbox-good-key" },
) {
  const setup = await createOrgWithMembers();
  for (const [type, apiKey] of Object.entries(keys)) {
    const r = await call(`/api/orgs/${setup.org.id}/integrations/${type}/connect`, {
      body: { apiKey },
      token: setup.admin.session.accessToken,
    });
    if (r.status !== 200) throw new Error(`connect ${type}: ${r.status} ${r.text}`);
  }
  return setup;
}

/** Posts a channel URL as a member would; returns the job id. */
export async function addChannel(orgId: string, token: string, url: string): Promise<string> {
  const r = await call(`/api/orgs/${orgId}/channels`, { body: { url }, token });
  if (r.status !== 202) throw new Error(`add channel: ${r.status} ${r.text}`);
  return (r.json as { jobId: string }).jobId;
}

/** Runs a job through the real queue consumer and answers its row afterwards. */
export async function runJob(jobId: string) {
  await deliver([await messageFor(jobId)]);
  return jobRow(jobId);
}

/** Adds a channel and ingests it through the queue; answers the channel row. */
export async function ingestedChannel(orgId: string, token: string, handle: string) {
  const job = await runJob(await addChannel(orgId, token, `https://www.youtube.com/${handle}`));
  if (job.status !== "succeeded")
    throw new Error(`ingest ${handle}: ${job.status} ${job.errorMessage}`);
  const [channel] = await (await contentOf(orgId))
    .select()
    .from(schema.channels)
    .where(eq(schema.channels.organizationId, orgId));
  return channel!;
}
