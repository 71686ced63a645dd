// JSON calls for benchmarks that may wait a long time for an answer. Node's fetch gives up when
// response headers take more than 300 s (undici's headersTimeout, not configurable without an
// extra dependency), which at 100,000 videos on a loaded machine ended whole runs; node:http
// waits as long as BENCH_REQUEST_TIMEOUT_S says (default 1800 s).
import http from "node:http";

const TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_S ?? 1800) * 1000;

/** One request; resolves with the status and the parsed JSON body (or the text when not JSON). */
export function requestJson(url, { method = "GET", headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
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
    req.setTimeout(TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${url}: no answer within ${TIMEOUT_MS / 1000} s`)),
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}
