// PreviewRoom fan-out (issue 8): 20 WebSocket clients on one board (the real Worker and
// Durable Object under wrangler dev, demo content), 500 drops sent one after another by the
// clients in turn; for each drop, the time from sending it to every client holding the new
// version. Prints p50/p95/max. Target: p95 under 20 ms locally. BENCH_ROOM_CLIENTS / _DROPS.
import WebSocket from "ws";
import { figure } from "./lib/figures.mjs";
import { signInDemo, startBenchServer } from "./lib/server.mjs";

const CLIENTS = Number(process.env.BENCH_ROOM_CLIENTS ?? 20);
const DROPS = Number(process.env.BENCH_ROOM_DROPS ?? 500);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = await startBenchServer("room");
const sockets = [];
try {
  const seed = await (await fetch(`${server.url}/dev/seed`, { method: "POST" })).json();
  const token = await signInDemo(server.url);
  const call = async (p, body) => {
    const res = await fetch(`${server.url}${p}`, {
      method: body ? "POST" : "GET",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  const org = `/api/orgs/${seed.organization.id}`;
  let channels = [];
  let shows = [];
  for (let i = 0; i < 240 && (channels.length < 3 || shows.length < 2); i++) {
    await new Promise((r) => setTimeout(r, 500));
    ({ channels } = await call(`${org}/channels`));
    ({ shows } = await call(`${org}/shows`));
  }
  const { previewId } = await call(`${org}/multi-channel/previews`, {
    title: "Room bench",
    dateRange: { type: "alltime", range: null },
    selectedChannels: channels.map((c) => c.id),
    selectedShows: shows.map((s) => s.id),
    mergeOptions: {
      mergeVideos: false,
      mergeEpisodes: false,
      videoMergeStrategy: "none",
      episodeMergeStrategy: "none",
    },
  });
  const board = await call(`${org}/multi-channel/previews/${previewId}`);
  console.log(
    `board: ${board.content.videos.length} videos, ${board.content.episodes.length} episodes, ${board.arrangement.rows.length} rows; ${CLIENTS} clients, ${DROPS} drops`,
  );

  // Every client connects with its own ticket and tracks the newest version it holds.
  const versions = new Array(CLIENTS).fill(0);
  let waiting = null;
  for (let i = 0; i < CLIENTS; i++) {
    const { url } = await call(`${org}/multi-channel/previews/${previewId}/ticket`, {});
    const ws = new WebSocket(`${server.url.replace("http", "ws")}${url}`);
    ws.on("message", (data) => {
      const m = JSON.parse(String(data));
      if (m.type === "snapshot" || m.type === "update")
        versions[i] = Math.max(versions[i], m.version);
      if (waiting && versions.every((v) => v >= waiting.version)) waiting.done();
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    sockets.push(ws);
  }
  while (versions.some((v) => v === 0)) await new Promise((r) => setTimeout(r, 10));

  // Alternate removing and putting back the episode of paired rows: every drop is valid.
  const paired = board.arrangement.rows.filter((r) => r.videoId && r.episodeId);
  let version = Math.max(...versions);
  const times = [];
  for (let d = 0; d < DROPS; d++) {
    const row = paired[Math.floor(d / 2) % paired.length];
    const intent =
      d % 2 === 0
        ? { type: "remove_episode", rowId: row.id, episodeId: row.episodeId }
        : { type: "place_episode", rowId: row.id, episodeId: row.episodeId, fromRowId: null };
    version += 1;
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`drop ${d} was not seen by every client`)),
        10_000,
      );
      waiting = {
        version,
        done: () => {
          clearTimeout(timer);
          waiting = null;
          resolve();
        },
      };
      sockets[d % CLIENTS].send(JSON.stringify({ type: "intent", intentId: `d${d}`, intent }));
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  figure(
    "room",
    `drop to all ${CLIENTS} clients, p50 (${DROPS} drops)`,
    percentile(times, 50),
    "ms",
  );
  figure("room", "drop to all clients, p95", percentile(times, 95), "ms", {
    target: "< 20 ms",
    met: percentile(times, 95) < 20,
  });
  figure("room", "drop to all clients, max", times.at(-1), "ms");
} finally {
  for (const ws of sockets) ws.close();
  await server.stop();
}
