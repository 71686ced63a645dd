/*
 * A tap on the sandbox's traffic, for the contract tests (tests/worker/contract/): while a test
 * records, every request a provider client sends to an emulator and every answer it gets are
 * kept, so both can be checked against the services' official documents. Off unless a test turns
 * it on; production never reaches the sandbox at all.
 */
export type Exchange = {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
};

let recorded: Exchange[] | null = null;

export const sandboxTraffic = {
  start() {
    recorded = [];
  },
  /** Stops recording and answers what was recorded since start(). */
  stop(): Exchange[] {
    const out = recorded ?? [];
    recorded = null;
    return out;
  },
  get recording() {
    return recorded !== null;
  },
  /** Keeps one exchange (pass clones: bodies are read here). */
  async record(request: Request, response: Response) {
    const into = recorded;
    if (!into) return;
    into.push({
      method: request.method,
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      requestBody: new TextDecoder().decode(await request.arrayBuffer()),
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody: new TextDecoder().decode(await response.arrayBuffer()),
    });
  },
};

/** Wraps an emulator's fetch so its exchanges are recorded while the tap is on. */
export function tapped<Rest extends unknown[]>(
  answer: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    if (!sandboxTraffic.recording) return answer(request, ...rest);
    const copy = request.clone();
    const response = await answer(request, ...rest);
    await sandboxTraffic.record(copy, response.clone());
    return response;
  };
}
