import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { type ErrorEnvelope, errorEnvelopeSchema } from "../../../shared/errors";
import { tokenResponseSchema } from "../../../shared/schemas/auth";
import worker from "../../../worker/index";
import { checkAnswer } from "./contract";

export const BASE = "http://localhost";

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** A multipart body (an upload); sent instead of `body`. */
  form?: FormData;
  token?: string;
  cookie?: string;
  host?: string;
  headers?: Record<string, string>;
};

function buildRequest(path: string, opts: CallOptions): Request {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const base = opts.host ? `http://${opts.host}` : BASE;
  return new Request(`${base}${path}`, {
    method: opts.method ?? (opts.body !== undefined || opts.form ? "POST" : "GET"),
    headers,
    body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    redirect: "manual",
  });
}

/** Operations answered so far in this test file ("GET /orgs/{orgId}/jobs" -> statuses). */
export const answered = new Map<string, Set<number>>();

/** Parses the answer and checks it against /api/openapi.json (support/contract.ts). */
async function withJson(req: Request, res: Response, text: string) {
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const contentType = res.headers.get("content-type");
  const operation = await checkAnswer(
    req.method,
    new URL(req.url).pathname,
    res.status,
    contentType,
    json,
  );
  if (operation) answered.set(operation, (answered.get(operation) ?? new Set()).add(res.status));
  return { res, status: res.status, json, text };
}

/**
 * A request straight into the Worker's fetch handler (not SELF: why at `call`), its body read and
 * the work it left running (waitUntil) awaited, so what that work wrote is there when the test
 * looks.
 */
export async function handle(
  req: Request,
  bindings: Env = env,
): Promise<{ res: Response; text: string }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(req, bindings, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text };
}

/** One call with some bindings changed (e.g. a Resend key), straight into the fetch handler. */
export async function callWithEnv(overrides: Partial<Env>, path: string, opts: CallOptions = {}) {
  const req = buildRequest(path, opts);
  const { res, text } = await handle(req.clone(), { ...env, ...overrides });
  return withJson(req, res, text);
}

/**
 * One API call as a browser would make it; returns the response and its parsed JSON (if any).
 * Straight into the Worker's fetch handler, like callWithEnv, rather than through SELF: under
 * @cloudflare/vitest-pool-workers each SELF.fetch costs more than the one before within a file's
 * workerd (5.6 ms a request for the first hundred, 563 ms for the eleventh, on /api/health; the
 * handler called directly stays at 1.6-2 ms), an open harness issue
 * (cloudflare/workers-sdk#15446) that made files of many calls take minutes.
 */
export const call = (path: string, opts: CallOptions = {}) => callWithEnv({}, path, opts);

export function envelope(json: unknown): ErrorEnvelope["error"] {
  return errorEnvelopeSchema.parse(json).error;
}

/** The refresh cookie a response set, as a Cookie header value. */
export function refreshCookieFrom(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("crosscast_refresh="));
  return set?.split(";")[0];
}

export async function signIn(email: string, password: string) {
  const r = await call("/api/auth/sign-in", { body: { email, password } });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return { ...tokenResponseSchema.parse(r.json), cookie: refreshCookieFrom(r.res)! };
}

/**
 * A call as it arrives through Cloudflare's edge from a given client address (production mode,
 * where the edge's CF-Connecting-IP is trusted). Outside Cloudflare the header is ignored.
 */
export const callFrom = (ip: string, path: string, opts: CallOptions = {}) =>
  callWithEnv({ APP_ENV: "production" }, path, {
    ...opts,
    host: "app.crosscast.example",
    headers: { ...opts.headers, "cf-connecting-ip": ip },
  });
