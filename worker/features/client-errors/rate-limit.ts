/**
 * A sliding-window limit kept in the isolate's memory. Client error reports only write a log
 * line, so a soft per-isolate cap is enough to keep one noisy or hostile browser from flooding
 * the logs, without a database write per report (which would let the flood cost D1 writes).
 */
export function memoryRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const hits = new Map<string, number[]>();
  return {
    allow(key: string, now: number): boolean {
      const recent = (hits.get(key) ?? []).filter((at) => at > now - windowMs);
      const allowed = recent.length < limit;
      if (allowed) recent.push(now);
      hits.set(key, recent);
      // Bound the memory a long-lived isolate can spend on addresses it saw once.
      if (hits.size > 10_000) {
        for (const [k, times] of hits)
          if (times.every((at) => at <= now - windowMs)) hits.delete(k);
      }
      return allowed;
    },
  };
}
