// JSON calls for benchmarks that may wait a long time for an answer. Node's fetch gives up when
// response headers take more than 300 s (undici's headersTimeout, not configurable without an
// extra dependency), which at 100,000 videos on a loaded machine ended whole runs; node:http
// waits as long as BENCH_REQUEST_TIMEOUT_S says (default 1800 s).
import http from "node:http";

const TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_S ?? 1800) * 1000;
// A GET is safe to ask again. Under load, wrangler dev sometimes never reads a request at all
// (seen twice in scale runs: the bench's socket held 614 unsent bytes while the server answered
// other requests), which cost whole runs at the long timeout above. GETs give up after
// BENCH_GET_TIMEOUT_S (default 60) and are asked again, at most 3 times, and say so.
const GET_TIMEOUT_MS = Number(process.env.BENCH_GET_TIMEOUT_S ?? 60) * 1000;
const GET_ATTEMPTS = 3;

/** One request; resolves with the status and the parsed JSON body (or the text when not JSON). */
export async function requestJson(url, options = {}) {
  if ((options.method ?? "GET") !== "GET") return requestOnce(url, options, TIMEOUT_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestOnce(url, options, GET_TIMEOUT_MS);
    } catch (error) {
      if (attempt >= GET_ATTEMPTS || !String(error.message).includes("no answer within"))
        throw error;
      console.log(`  (${error.message}; asked again, attempt ${attempt + 1})`);
    }
  }
}

function requestOnce(url, { method = "GET", headers = {}, body } = {}, timeoutMs) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        // A fresh connection each time: no request is written to a kept-alive socket the local
        // server is about to drop.
        agent: false,
        headers: {
          ...headers,
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json, text });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)),
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * The demo admin's JSON calls against a bench server: POST when there is a body, GET otherwise;
 * anything but 2xx throws with the answer. Long waits use BENCH_REQUEST_TIMEOUT_S (see above).
 */
export function demoApiCaller(serverUrl, accessToken) {
  const headers = { authorization: `Bearer ${accessToken}` };
  return async (p, body) => {
    const res = await requestJson(`${serverUrl}${p}`, {
      method: body ? "POST" : "GET",
      headers,
      body,
    });
    if (res.status < 200 || res.status > 299)
      throw new Error(`${p}: HTTP ${res.status} ${res.text}`);
    return res.json;
  };
}
