import { z } from "zod";
import { accountApi } from "../../../shared/api/account";
import {
  type MeResponse,
  meResponseSchema,
  type TokenResponse,
  tokenResponseSchema,
} from "../../../shared/schemas/auth";
import { ApiError, api, call, setAccessToken } from "../api/client";

const linkResponseSchema = tokenResponseSchema.extend({ type: z.enum(["invite", "recovery"]) });

/** Exchanges an emailed one-time link token for a session. */
export async function exchangeLinkToken(token: string): Promise<TokenResponse> {
  const response = await api("/api/auth/link", linkResponseSchema, { body: { token } });
  setAccessToken(response.accessToken);
  return response;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exchanges the HttpOnly refresh cookie for an access token; null when nobody is signed in. */
export async function refreshSession(retried = false): Promise<TokenResponse | null> {
  try {
    const token = await api("/api/auth/refresh", tokenResponseSchema, { method: "POST" });
    setAccessToken(token.accessToken);
    return token;
  } catch (error) {
    // Another tab refreshed at the same moment; the cookie now holds the newer token.
    if (!retried && error instanceof ApiError && error.reason === "refresh_token_rotated") {
      await pause(300);
      return refreshSession(true);
    }
    // 401/404 mean "no session" (404 until the auth API exists); anything else is retryable.
    if (
      error instanceof ApiError &&
      (error.status === 401 || error.status === 404 || error.status === 403)
    ) {
      setAccessToken(null);
      return null;
    }
    throw error;
  }
}

/** The signed-in person; `organizationId` keeps this tab's active organisation (if still a member). */
export const fetchMe = (organizationId?: string | null): Promise<MeResponse> =>
  api(
    `/api/auth/me${organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : ""}`,
    meResponseSchema,
  );

/** Switches the active organisation (remembered on the server for next time). */
export const switchActiveOrganization = (organizationId: string): Promise<MeResponse> =>
  call(accountApi.setActiveOrganization, { body: { organizationId } });

/** Accepts or declines an invitation; answers the updated /me. */
export const answerInvitation = (invitationId: string, answer: "accept" | "decline") =>
  call(accountApi.answerInvitation, { params: { invitationId, answer } });

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
