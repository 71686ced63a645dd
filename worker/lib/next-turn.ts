/**
 * Resolves on a later turn of the event loop (a zero-delay timer, not a microtask). workerd reads
 * new connections only when no promise continuation is ready to run, and in development D1 and the
 * sandbox providers answer in-process, so a job that chains D1 batches or sandbox calls back to
 * back kept every other request of the dev server waiting until it ended: /api/health waited the
 * whole 15 s of a 100,000-video ingestion (docs/performance.md, "A channel written in batches").
 * Awaiting this between steps lets those requests in. On Cloudflare, D1 and the providers are
 * across the network, where every call already yields; there it costs a timer.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
