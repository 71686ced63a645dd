import { z } from "zod";
import { meResponseSchema, tokenResponseSchema, type MeResponse, type TokenResponse } from "../../../shared/schemas/auth";
import { api, ApiError, setAccessToken } from "../api/client";

/** Exchanges the HttpOnly refresh cookie for an access token; null when nobody is signed in. */
export async function refreshSession(): Promise<TokenResponse | null> {
  try {
    const token = await api("/api/auth/refresh", tokenResponseSchema, { method: "POST" });
    setAccessToken(token.accessToken);
    return token;
  } catch (error) {
    // 401/404 mean "no session" (404 until the auth API exists); anything else is retryable.
    if (error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 403)) {
      setAccessToken(null);
      return null;
    }
    throw error;
  }
}

export const fetchMe = (): Promise<MeResponse> => api("/api/auth/me", meResponseSchema);

export async function signInWithPassword(email: string, password: string): Promise<TokenResponse> {
  const token = await api("/api/auth/sign-in", tokenResponseSchema, { body: { email, password } });
  setAccessToken(token.accessToken);
  return token;
}

export async function signOutSession(): Promise<void> {
  try {
    await api("/api/auth/sign-out", z.unknown(), { method: "POST" });
  } finally {
    setAccessToken(null);
  }
}

/** Retry delays for a refresh that failed for a retryable reason: 200 ms doubling (spec section 9). */
export const refreshBackoffMs = (attempt: number) => Math.min(30_000, 200 * 2 ** attempt);

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
