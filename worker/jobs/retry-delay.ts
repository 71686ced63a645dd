/** Exponential backoff for a retried job: 10 s, 20 s, 40 s ... capped at one hour. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
