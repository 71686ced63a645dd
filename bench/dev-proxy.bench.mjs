// Requests on a five-second beat through `npm start`'s server (wrangler dev). wrangler's proxy
// reaches the Worker's runtime over pooled connections that both ends close after five idle
// seconds, so a request sent every 5.0 s often goes out on a connection that is closing and never
// reaches the Worker (workers-sdk #14641). Unpatched wrangler 4.86 parked such a GET until the
// next request arrived (a lone poll hung until its client gave up) and answered a POST 503 "Your
// worker restarted mid-request". patches/wrangler+4.86.0.patch sends a GET/HEAD again at once;
// a request with a body still gets the 503 (sending it again could do its work twice).
// Prints, for BENCH_BEATS requests of each kind (default 24), how many did not answer within
// 10 s and how many were answered 503. Figures only; nothing is asserted.
import { figure } from "./lib/figures.mjs";
import { startBenchServer } from "./lib/server.mjs";

const BEATS = Number(process.env.BENCH_BEATS ?? 24);
const BEAT_MS = 5_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Sends `send()` every BEAT_MS, BEATS times; counts the answers that never came or were 503. */
async function onTheBeat(send) {
  let unanswered = 0;
  let unavailable = 0;
  for (let i = 0; i < BEATS; i++) {
    const started = Date.now();
    try {
      const res = await send(AbortSignal.timeout(10_000));
      await res.arrayBuffer();
      if (res.status === 503) unavailable++;
    } catch {
      unanswered++;
    }
    await sleep(Math.max(0, BEAT_MS - (Date.now() - started)));
  }
  return { unanswered, unavailable };
}

const server = await startBenchServer("dev-proxy");
try {
  const get = await onTheBeat((signal) => fetch(`${server.url}/api/health`, { signal }));
  figure(
    "dev-proxy",
    `GET /api/health every 5 s: no answer within 10 s (of ${BEATS})`,
    get.unanswered,
    "",
    {
      target: "0",
      met: get.unanswered === 0,
    },
  );
  // A sign-in with a wrong password: a POST with a body that changes nothing (answered 401).
  const post = await onTheBeat((signal) =>
    fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@crosscast.test", password: "not-the-password" }),
      signal,
    }),
  );
  figure(
    "dev-proxy",
    `POST every 5 s: answered 503 by wrangler (of ${BEATS})`,
    post.unavailable,
    "",
  );
  figure("dev-proxy", `POST every 5 s: no answer within 10 s (of ${BEATS})`, post.unanswered, "");
} finally {
  await server.stop();
}
