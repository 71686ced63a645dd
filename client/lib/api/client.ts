import type { z } from "zod";
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

async function toApiError(res: Response): Promise<ApiError> {
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

/** Calls the JSON API and validates the answer with `schema`; failures throw ApiError. */
export async function api<T extends z.ZodType>(
  path: string,
  schema: T,
  opts: RequestOptions = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      credentials: "same-origin",
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("Network error", 0, "NETWORK", "network");
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return schema.parse(undefined);
  return schema.parse(await res.json());
}
