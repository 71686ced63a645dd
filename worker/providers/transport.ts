import { isSandbox } from "../env";
import { sandboxApp } from "../sandbox/app";

export type Fetcher = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * The transport every provider client uses. In production it is the platform's fetch. With the
 * sandbox on, the very same requests (real URLs, methods, headers, bodies) are answered in-process
 * by the emulators in worker/sandbox/, which route on the real host and path: the client code
 * under test is identical, only the network hop is skipped (so it also works inside the Worker
 * tests, where no server is listening).
 */
export function providerFetch(env: Env): Fetcher {
  if (!isSandbox(env)) return (input, init) => fetch(input, init);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const rerouted = new Request(`http://sandbox.internal/sandbox/${url.host}${url.pathname}${url.search}`, request);
    return sandboxApp.fetch(rerouted, env);
  };
}
