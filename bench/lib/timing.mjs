// Latency helpers the page benchmarks share.

/** The p-th percentile (0-100) of the values, nearest rank. */
export const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Milliseconds for one GET, body read to the end; throws on a non-2xx answer. */
export async function timed(url, headers) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return performance.now() - t0;
}
