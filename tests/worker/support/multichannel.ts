import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  type RoomServerMessage,
  roomServerMessageSchema,
} from "../../../shared/schemas/multichannel";
import type { RoomIntent } from "../../../shared/schemas/room-intents";
import { schema } from "../../../worker/db/client";
import { contentOf } from "./factories";
import { call } from "./http";
import { connectedOrg, ingestedChannel, runJob } from "./ingestion";

/** An organisation with the demo tech channel (200 videos) and its podcast (120 episodes) ingested. */
export async function orgWithPairedContent() {
  const setup = await connectedOrg({
    youtube: "AIza-sandbox-good-key",
    simplecast: "sandbox-demo-media-token",
  });
  const token = setup.member.session.accessToken;
  const channel = await ingestedChannel(setup.org.id, token, "@demomedia-tech");
  const podcasts = (
    await call(`/api/orgs/${setup.org.id}/integrations/simplecast/podcasts`, { token })
  ).json as { podcasts: Array<{ id: string; title: string }> };
  const podcast = podcasts.podcasts.find((p) => p.title === "Demo Media Tech Talk")!;
  const added = await call(`/api/orgs/${setup.org.id}/shows`, {
    body: { podcastIds: [podcast.id] },
    token,
  });
  const job = await runJob((added.json as { jobId: string }).jobId);
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
