import type { z } from "zod";
import { type ApiRoute, type ResponseOf, successOf } from "../../../shared/api/define";
import { type ErrorCode, errorEnvelopeSchema } from "../../../shared/errors";

/** A failed API call, carrying the envelope's code and reason so the UI can pick the spec's words. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    readonly reason?: string,
    readonly field?: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

let accessToken: string | null = null;
/** The access token lives in memory only (never in storage a script could read later). */
export const setAccessToken = (token: string | null) => {
  accessToken = token;
};
export const getAccessToken = () => accessToken;

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  formData?: FormData;
};

export async function toApiError(res: Response): Promise<ApiError> {
  const parsed = errorEnvelopeSchema.safeParse(await res.json().catch(() => null));
  if (parsed.success) {
    const { code, message, reason, field, requestId } = parsed.data.error;
    return new ApiError(message, res.status, code, reason, field, requestId);
  }
  return new ApiError(
    `Request failed with status ${res.status}`,
    res.status,
    res.status >= 500 ? "INTERNAL" : "BAD_REQUEST",
  );
}

/**
 * A read that has not answered in this long is given up as a network error, and react-query asks
 * once more (client/main.tsx). Reads answer in well under a second even at 100,000 videos, but a
 * request can hang without an answer (a dropped connection; locally, a request wrangler dev lost
 * while a queue job ran), and the page that waits for it would show its loading state forever:
 * the browser suite met that twice, Reports never showing New Report. Writes are not cut short:
 * one may take longer (a preview over thousands of items), and sending it again is not safe.
 */
export const READ_TIMEOUT_MS = 20_000;

/** A request given up by the read timeout (the fetch or the reading of its body). */
const timedOut = (error: unknown) => error instanceof DOMException && error.name === "TimeoutError";
const timeoutError = () => new ApiError("Network error", 0, "NETWORK", "timeout");

/** The caller's signal, also aborted (as a TimeoutError) once `ms` have passed. */
function timedSignal(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The request timed out", "TimeoutError")),
    ms,
  );
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener("abort", follow, { once: true });
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", follow);
  };
  return { signal: controller.signal, done };
}

/*
 * A call refused for its session (401 "no_session": the access token expired while the laptop
 * slept and the refresh timer had not yet fired, or another tab signed out) is not the caller's
 * failure to show: the auth provider is asked to renew the session, once for every call refused
 * at the same moment, and the call is sent again with the new token. When the session is gone
 * the provider signs the tab out and the call fails as before. A refused request did nothing on
 * the server (the session is checked first), so sending it again is safe for writes too.
 */
let sessionRenewer: (() => Promise<boolean>) | undefined;
let renewing: Promise<boolean> | undefined;
/** Set by the auth provider: renews the session and says whether a new access token came of it. */
export const setSessionRenewer = (renew: (() => Promise<boolean>) | undefined) => {
  sessionRenewer = renew;
};
function renewSessionOnce(): Promise<boolean> {
  if (!sessionRenewer) return Promise.resolve(false);
  renewing ??= sessionRenewer()
    .catch(() => false)
    .finally(() => {
      renewing = undefined;
    });
  return renewing;
}
/** Auth routes answer 401 for their own reasons (a wrong password, a used link): never renewed. */
const renewable = (path: string, error: unknown) =>
  error instanceof ApiError &&
  error.status === 401 &&
  error.reason === "no_session" &&
  !path.startsWith("/api/auth/");

/**
 * Runs `attempt` (a request to `path` with the access token of the moment), and once more after
 * renewing the session when the first was refused for it.
 */
export async function withSessionRenewal<T>(path: string, attempt: () => Promise<T>): Promise<T> {
  const sentWith = accessToken;
  try {
    return await attempt();
  } catch (error) {
    if (!sentWith || !renewable(path, error)) throw error;
    // Another call may have renewed the session while this one was on its way.
    if (accessToken === sentWith && !(await renewSessionOnce())) throw error;
    return attempt();
  }
}

/** Calls the JSON API and validates the answer with `schema`; failures throw ApiError. */
const send = <T extends z.ZodType>(
  path: string,
  schema: T | undefined,
  opts: RequestOptions = {},
): Promise<z.infer<T>> => withSessionRenewal(path, () => sendOnce(path, schema, opts));

async function sendOnce<T extends z.ZodType>(
  path: string,
  schema: T | undefined,
  opts: RequestOptions,
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body ? "POST" : "GET");
  const timed = method === "GET" ? timedSignal(opts.signal, READ_TIMEOUT_MS) : undefined;
  const sent = fetch(path, {
    method,
    headers,
    body,
    credentials: "same-origin",
    signal: timed?.signal ?? opts.signal,
  });
  try {
    // The body is read under the same signal, so a body that stops coming times out too.
    return await readAnswer(sent, schema);
  } catch (error) {
    throw timedOut(error) ? timeoutError() : error;
  } finally {
    timed?.done();
  }
}

/** An answer as every call reads it: failures throw ApiError, success is parsed by `schema`. */
async function readAnswer<T extends z.ZodType>(
  sent: Promise<Response>,
  schema: T | undefined,
): Promise<z.infer<T>> {
  let res: Response;
  try {
    res = await sent;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    if (timedOut(error)) throw timeoutError();
    throw new ApiError("Network error", 0, "NETWORK", "network");
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204 || !schema) return undefined as z.infer<T>;
  return schema.parse(await res.json());
}

/**
 * Reads a request to route R that was sent before this code loaded (client/public/
 * session-restore.js) exactly as `call` reads its own: same errors, same schema.
 */
export const answerOf = <R extends ApiRoute>(route: R, sent: Promise<Response>) =>
  readAnswer(sent, successOf(route).schema as z.ZodType<ResponseOf<R>> | undefined);

/** What a call to route R needs: its path parameters, query and body, typed from R's schemas. */
export type CallInput<R extends ApiRoute> = (R extends {
  request: { params: infer S extends z.ZodType };
}
  ? { params: z.input<S> }
  : unknown) &
  (R extends { request: { query: infer S extends z.ZodType } } ? { query?: z.input<S> } : unknown) &
  (R extends { request: { body: { content: { "application/json": { schema: infer S } } } } }
    ? S extends z.ZodType
      ? { body: z.input<S> }
      : unknown
    : R extends { request: { body: { content: { "multipart/form-data": unknown } } } }
      ? { form: FormData }
      : unknown);

type Args<R extends ApiRoute> =
  object extends CallInput<R>
    ? [input?: CallInput<R>, opts?: { signal?: AbortSignal }]
    : [input: CallInput<R>, opts?: { signal?: AbortSignal }];

/** The URL of route R for the given input: its path filled in, its query appended. */
export function urlOf<R extends ApiRoute>(route: R, input?: CallInput<R>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/**
 * Calls a route declared in shared/api/: the URL, method and body come from the definition and
 * the answer is parsed with the route's own success schema, so the client cannot drift from the
 * Worker. Failures throw ApiError.
 */
export function call<R extends ApiRoute>(
  route: R,
  ...[input, opts]: Args<R>
): Promise<ResponseOf<R>> {
  const { body, form } = (input ?? {}) as { body?: unknown; form?: FormData };
  // The schema is the route's own success schema, whose output type ResponseOf<R> names.
  const schema = successOf(route).schema as z.ZodType<ResponseOf<R>> | undefined;
  return send(urlOf(route, input), schema, {
    method: route.method.toUpperCase(),
    body,
    formData: form,
    signal: opts?.signal,
  });
}
