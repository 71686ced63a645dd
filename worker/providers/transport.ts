import { nextTurn } from "../lib/next-turn";
import { sandboxOf } from "../lib/sandbox";

export type Fetcher = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** Rejects when `signal` aborts, as the platform's fetch does (the in-process call cannot be cut). */
function abortable(signal: AbortSignal, work: Promise<Response>): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The transport every provider client uses. In production it is the platform's fetch. With the
 * sandbox on, the very same requests (real URLs, methods, headers, bodies, abort signal) are
 * answered in-process by the emulators in worker/sandbox/ (plugged in through worker/lib/sandbox.ts,
 * absent from production's bundle), which route on the real host and path:
 * the client code under test is identical, only the network hop is skipped. That is why it works
 * the same in `wrangler dev` and inside vitest-pool-workers, where no server listens and a Worker
 * fetching its own origin would need a second process.
 */
export function providerFetch(env: Env): Fetcher {
  const sandbox = sandboxOf(env);
  if (!sandbox) return (input, init) => fetch(input, init);
  return async (input, init) => {
    const request = new Request(input, init);
    // As a network call would, let the runtime's other requests in first (next-turn.ts).
    await nextTurn();
    return abortable(request.signal, sandbox.provider(request, env));
  };
}
