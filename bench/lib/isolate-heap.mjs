// The Worker isolate's own heap, read through wrangler's inspector (Chrome DevTools protocol,
// Runtime.getHeapUsage). The workerd process that runs the Worker also runs the local D1 and R2
// (their own isolates and their SQLite and blob stores) and keeps native memory it once used, so
// its resident memory is an upper bound of what a request costs the Worker; on Cloudflare, D1 and
// R2 are services outside the Worker's isolate and its 128 MB limit. This reads the isolate's
// used heap (live objects and garbage not yet collected) and its committed heap (what V8 has
// taken for it), sampled every 250 ms.
import WebSocket from "ws";

/** The inspector's target for the Worker (wrangler lists it under /json). */
async function workerTarget(inspectorPort) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
      const target = targets.find((t) => t.webSocketDebuggerUrl);
      if (target) return target.webSocketDebuggerUrl;
    } catch {
      // The inspector proxy starts with the Worker; ask again shortly.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no Worker target on the inspector at port ${inspectorPort}`);
}

/** Starts sampling; `stop()` gives the first sample and the peaks, in MB. */
export async function sampleWorkerHeap(inspectorPort, everyMs = 250) {
  const socket = new WebSocket(await workerTarget(inspectorPort));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  const usage = () =>
    new Promise((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method: "Runtime.getHeapUsage" }));
    });
  const samples = [];
  const take = async () => {
    const result = await usage();
    if (result)
      samples.push({ used: result.usedSize / 2 ** 20, committed: result.totalSize / 2 ** 20 });
  };
  await take();
  const timer = setInterval(() => void take(), everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await take();
      socket.close();
      const first = samples[0];
      return {
        samples: samples.length,
        usedBase: first.used,
        usedPeak: Math.max(...samples.map((s) => s.used)),
        committedBase: first.committed,
        committedPeak: Math.max(...samples.map((s) => s.committed)),
      };
    },
  };
}
