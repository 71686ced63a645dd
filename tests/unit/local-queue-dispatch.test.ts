import http from "node:http";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The local queue under `npm start` (wrangler dev's Miniflare, patched: patches/README.md).
 * Miniflare's queue broker logs each delivered batch ("QUEUE crosscast-jobs 1/1") to wrangler's
 * Node process over a pooled HTTP connection. Node closes idle connections after five seconds; a
 * log line sent at that moment fails with "Network connection lost", and unpatched, that one
 * failure left the broker waiting forever: no batch was delivered again until a restart (our
 * reports stayed "queued"). Here the Node side drops every log line for a while, as that race
 * does once, and the queue must go on delivering.
 */
/** The parts of wrangler's own Miniflare (4.x, not the newer one at the top of node_modules) used here. */
interface LocalMiniflare {
  ready: Promise<URL>;
  dispatchFetch(url: string): Promise<{ json(): Promise<unknown> }>;
  dispose(): Promise<void>;
}
type MiniflareOptions = {
  modules: true;
  script: string;
  compatibilityDate: string;
  queueProducers: Record<string, { queueName: string }>;
  queueConsumers: Record<string, { maxBatchSize: number; maxBatchTimeout: number }>;
};
const wranglerRequire = createRequire(createRequire(import.meta.url).resolve("wrangler"));
const { Miniflare } = wranglerRequire("miniflare") as {
  Miniflare: new (options: MiniflareOptions) => LocalMiniflare;
};

const consumer = `
const delivered = [];
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/send") {
      await env.JOBS.send(url.searchParams.get("body"));
      return new Response("sent");
    }
    return Response.json(delivered);
  },
  async queue(batch) {
    for (const message of batch.messages) {
      delivered.push(message.body);
      message.ack();
    }
  },
};`;

let dropLogLines = false;
let droppedLogLines = 0;
let miniflare: LocalMiniflare;

/** Miniflare's loopback server, created in this process, with the Node side of the race. */
function serversThatCanDropLogLines() {
  const createServer = http.createServer;
  const patched = (handler: http.RequestListener) =>
    createServer((request, response) => {
      if (dropLogLines && request.url?.startsWith("/core/log")) {
        droppedLogLines++;
        request.socket.destroy();
        return;
      }
      handler(request, response);
    });
  http.createServer = patched as typeof http.createServer;
  return () => {
    http.createServer = createServer;
  };
}

async function delivered(): Promise<string[]> {
  return (await (await miniflare.dispatchFetch("http://localhost/delivered")).json()) as string[];
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`still waiting after ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const restore = serversThatCanDropLogLines();
  try {
    miniflare = new Miniflare({
      modules: true,
      script: consumer,
      compatibilityDate: "2026-05-01",
      queueProducers: { JOBS: { queueName: "jobs" } },
      queueConsumers: { jobs: { maxBatchSize: 1, maxBatchTimeout: 0 } },
    });
    await miniflare.ready;
  } finally {
    restore();
  }
}, 60_000);

afterAll(async () => {
  await miniflare?.dispose();
});

describe("the local queue (wrangler dev)", () => {
  it("goes on delivering batches after the broker could not log one", async () => {
    dropLogLines = true;
    await miniflare.dispatchFetch("http://localhost/send?body=first");
    await waitFor(async () => (await delivered()).includes("first"), "the first message");
    // The broker logs the batch once the consumer has answered: wait until that line is dropped.
    await waitFor(() => droppedLogLines > 0, "the broker's log line for the first batch");
    await new Promise((resolve) => setTimeout(resolve, 500));
    dropLogLines = false;

    await miniflare.dispatchFetch("http://localhost/send?body=second");
    await waitFor(async () => (await delivered()).includes("second"), "the second message");
    expect(await delivered()).toEqual(["first", "second"]);
  }, 60_000);
});
