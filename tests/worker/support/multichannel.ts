import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { jobMessageSchema } from "../../../shared/schemas/jobs";
import {
  type RoomServerMessage,
  roomServerMessageSchema,
} from "../../../shared/schemas/multichannel";
import type { RoomIntent } from "../../../shared/schemas/room-intents";
import { schema } from "../../../worker/db/client";
import { contentOf } from "./factories";
import { call } from "./http";
import { addChannel, connectedOrg } from "./ingestion";
import { deliver } from "./jobs";

/** An organisation's job row, read in the database that holds its content. */
async function orgJob(organizationId: string, jobId: string) {
  const [row] = await (await contentOf(organizationId))
    .select()
    .from(schema.ingestionJobs)
    .where(eq(schema.ingestionJobs.id, jobId));
  if (!row) throw new Error(`no job ${jobId} in organisation ${organizationId}`);
  return row;
}

/** Runs an organisation's job through the real queue consumer; answers its row afterwards. */
export async function runOrgJob(organizationId: string, jobId: string) {
  const row = await orgJob(organizationId, jobId);
  await deliver([jobMessageSchema.parse({ type: row.kind, ...row.target, organizationId, jobId })]);
  return orgJob(organizationId, jobId);
}

/** Adds a channel and ingests it through the queue; answers the channel row. */
export async function ingestedChannelOf(organizationId: string, token: string, handle: string) {
  const url = `https://www.youtube.com/${handle}`;
  const job = await runOrgJob(organizationId, await addChannel(organizationId, token, url));
  if (job.status !== "succeeded")
    throw new Error(`ingest ${handle}: ${job.status} ${job.errorMessage}`);
  const [channel] = await (await contentOf(organizationId))
    .select()
    .from(schema.channels)
    .where(eq(schema.channels.organizationId, organizationId));
  return channel!;
}

/** An organisation with the demo tech channel (200 videos) and its podcast (120 episodes) ingested. */
export async function orgWithPairedContent() {
  const setup = await connectedOrg({
    youtube: "AIza-sandbox-good-key",
    simplecast: "sandbox-demo-media-token",
  });
  const token = setup.member.session.accessToken;
  const channel = await ingestedChannelOf(setup.org.id, token, "@demomedia-tech");
  const podcasts = (
    await call(`/api/orgs/${setup.org.id}/integrations/simplecast/podcasts`, { token })
  ).json as { podcasts: Array<{ id: string; title: string }> };
  const podcast = podcasts.podcasts.find((p) => p.title === "Demo Media Tech Talk")!;
  const added = await call(`/api/orgs/${setup.org.id}/shows`, {
    body: { podcastIds: [podcast.id] },
    token,
  });
  const job = await runOrgJob(setup.org.id, (added.json as { jobId: string }).jobId);
  if (job.status !== "succeeded") throw new Error(`show ingest: ${job.errorMessage}`);
  const [show] = await (await contentOf(setup.org.id))
    .select()
    .from(schema.shows)
    .where(eq(schema.shows.organizationId, setup.org.id));
  return { ...setup, token, channel, show: show! };
}

export const allTime = { type: "alltime", range: null } as const;
export const mergeNone = {
  mergeVideos: false,
  mergeEpisodes: false,
  videoMergeStrategy: "none",
  episodeMergeStrategy: "none",
} as const;

export async function createPreview(orgId: string, token: string, body: Record<string, unknown>) {
  const r = await call(`/api/orgs/${orgId}/multi-channel/previews`, { body, token });
  if (r.status !== 201) throw new Error(`preview: ${r.status} ${r.text}`);
  return (r.json as { previewId: string }).previewId;
}

/** A board connection as a browser makes it: ticket, then the WebSocket with it. */
export async function connectBoard(orgId: string, previewId: string, token: string) {
  const ticket = await call(`/api/orgs/${orgId}/multi-channel/previews/${previewId}/ticket`, {
    method: "POST",
    token,
  });
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${ticket.text}`);
  return openSocket((ticket.json as { url: string }).url);
}

export async function openSocket(url: string) {
  const res = await SELF.fetch(`http://localhost${url}`, { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) return { status: res.status, board: null };
  ws.accept();
  const received: RoomServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener("message", (event) => {
    received.push(roomServerMessageSchema.parse(JSON.parse(String(event.data))));
    for (const w of waiters.splice(0)) w();
  });
  /** The next message of this type after `from` (an index into received). */
  const next = async <T extends RoomServerMessage["type"]>(
    type: T,
    from = 0,
    timeoutMs = 5_000,
  ): Promise<Extract<RoomServerMessage, { type: T }>> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.slice(from).find((m) => m.type === type);
      if (found) return found as Extract<RoomServerMessage, { type: T }>;
      if (Date.now() > deadline)
        throw new Error(`no ${type} message; got ${received.map((m) => m.type).join(", ")}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const send = (intentId: string, intent: RoomIntent | Record<string, unknown>) =>
    ws.send(JSON.stringify({ type: "intent", intentId, intent }));
  return { status: res.status, board: { ws, received, next, send } };
}
