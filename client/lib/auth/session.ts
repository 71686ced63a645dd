import { accountApi } from "../../../shared/api/account";
import { authApi } from "../../../shared/api/auth";
import type { MeResponse, RefreshResponse, TokenResponse } from "../../../shared/schemas/auth";
import { ApiError, answerOf, call, setAccessToken } from "../api/client";

/** Exchanges an emailed one-time link token for a session. */
export async function exchangeLinkToken(token: string): Promise<TokenResponse> {
  const response = await call(authApi.link, { body: { token } });
  setAccessToken(response.accessToken);
  return response;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The refresh?include=me that client/public/session-restore.js sent while this code was still
 * downloading (issue 15: the dashboard's reads wait for it). Taken once: a later restore in the
 * same page (none today) sends its own.
 */
function takeEarlyRestore(): Promise<Response> | undefined {
  const page = window as { crosscastSessionRestore?: Promise<Response> };
  const early = page.crosscastSessionRestore;
  delete page.crosscastSessionRestore;
  return early;
}

/**
 * Exchanges the HttpOnly refresh cookie for an access token; null when nobody is signed in.
 * `withMe` (a page load restoring its session) asks for the person in the same answer.
 */
export async function refreshSession(
  withMe = false,
  retried = false,
): Promise<RefreshResponse | null> {
  try {
    const early = withMe && !retried ? takeEarlyRestore() : undefined;
    const token = await (early
      ? answerOf(authApi.refresh, early)
      : call(authApi.refresh, withMe ? { query: { include: "me" } } : {}));
    setAccessToken(token.accessToken);
    return token;
  } catch (error) {
    // Another tab refreshed at the same moment; the cookie now holds the newer token.
    if (!retried && error instanceof ApiError && error.reason === "refresh_token_rotated") {
      await pause(300);
      return refreshSession(withMe, true);
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

type Restored = { token: TokenResponse; me: MeResponse } | null;

async function restoreNow(): Promise<Restored> {
  const restored = await refreshSession(true);
  if (!restored) return null;
  const { me, ...token } = restored;
  return { token, me: me ?? (await fetchMe()) };
}

let startedByEntry: Promise<Restored> | undefined;

/**
 * Starts the page load's restore as the entry runs (client/main.tsx), so the opening page's reads
 * can leave with the session instead of after the app's first render (issue 15). The next
 * restoreSession() takes it, once.
 */
export function beginRestore(): Promise<Restored> {
  startedByEntry = restoreNow();
  return startedByEntry;
}

/**
 * A page load: the session and the person in one round trip (issue 15: the dashboard's reads
 * wait for both). A server that leaves `me` out is asked for it separately. The restore the entry
 * began is used once: a provider mounted again later (an error screen's retry) restores afresh
 * rather than adopt a session that may have expired since.
 */
export function restoreSession(): Promise<Restored> {
  const began = startedByEntry;
  startedByEntry = undefined;
  return began ?? restoreNow();
}

/** The signed-in person; `organizationId` keeps this tab's active organisation (if still a member). */
export const fetchMe = (organizationId?: string | null): Promise<MeResponse> =>
  call(authApi.me, { query: organizationId ? { organizationId } : {} });

/** Switches the active organisation (remembered on the server for next time). */
export const switchActiveOrganization = (organizationId: string): Promise<MeResponse> =>
  call(accountApi.setActiveOrganization, { body: { organizationId } });

/** Accepts or declines an invitation; answers the updated /me. */
export const answerInvitation = (invitationId: string, answer: "accept" | "decline") =>
  call(accountApi.answerInvitation, { params: { invitationId, answer } });

export async function signInWithPassword(email: string, password: string): Promise<TokenResponse> {
  const token = await call(authApi.signIn, { body: { email, password } });
  setAccessToken(token.accessToken);
  return token;
}

export async function signOutSession(): Promise<void> {
  try {
    await call(authApi.signOut);
  } finally {
    setAccessToken(null);
  }
}

/** Retry delays for a refresh that failed for a retryable reason: 200 ms doubling (spec section 9). */
export const refreshBackoffMs = (attempt: number) => Math.min(30_000, 200 * 2 ** attempt);

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
