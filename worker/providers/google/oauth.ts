import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { z } from "zod";
import { isSandbox } from "../../env";
import type { Fetcher } from "../transport";

/** drive.file covers every Sheets call exports make (on spreadsheets the app created or was given). */
export const DRIVE_FILE_SCOPE = "https://www.googleapis.com/auth/drive.file";
const EMAIL_SCOPE = "https://www.googleapis.com/auth/userinfo.email";
export const GOOGLE_SCOPES = ["openid", "email", DRIVE_FILE_SCOPE];
/** What the token answer must list: Google writes "email" out in full there. */
export const REQUIRED_GRANTS = [EMAIL_SCOPE, DRIVE_FILE_SCOPE];
/** A channel owner's read access to YouTube Analytics and Reporting, and to their channel. */
export const OWNER_SCOPES = [
  "https://www.googleapis.com/auth/yt-analytics.readonly",
  "https://www.googleapis.com/auth/youtube.readonly",
];
const AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN_URL = "https://oauth2.googleapis.com/token";
/** oauth2.userinfo.get in Google's OAuth2 discovery document (oauth2.v2.json). */
const USERINFO_URL = "https://www.googleapis.com/oauth2/v2/userinfo";

/**
 * The scopes a token answer says were granted that we need but did not get. Google's consent
 * screen lets the person untick scopes, so the answer's `scope` is the truth, never the request.
 */
export const missingGrants = (granted: string | undefined, required = REQUIRED_GRANTS) => {
  const have = new Set((granted ?? "").split(/\s+/).filter(Boolean));
  return required.filter((scope) => !have.has(scope));
};

export class GoogleAuthError extends Error {
  constructor(
    readonly reason: "not_configured" | "invalid_grant" | "unavailable",
    message: string,
  ) {
    super(message);
  }
}

/** Client credentials; the sandbox has its own so the flow runs offline without configuration. */
export function googleCredentials(env: Env) {
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    return { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  if (isSandbox(env))
    return {
      clientId: "sandbox-client-id.apps.googleusercontent.com",
      clientSecret: "sandbox-client-secret",
    };
  throw new GoogleAuthError(
    "not_configured",
    "Google is not configured for this deployment (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).",
  );
}

/**
 * Builds the consent URL with arctic (state, PKCE S256 verifier, offline access so Google returns
 * a refresh token). With the sandbox on, the browser goes to the emulated consent page instead.
 */
export function createAuthorization(
  env: Env,
  origin: string,
  redirectUri: string,
  scopes: string[] = GOOGLE_SCOPES,
) {
  const { clientId, clientSecret } = googleCredentials(env);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const endpoint = isSandbox(env)
    ? `${origin}/sandbox/accounts.google.com/o/oauth2/v2/auth`
    : AUTHORIZE_URL;
  const url = new OAuth2Client(clientId, clientSecret, redirectUri).createAuthorizationURLWithPKCE(
    endpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    scopes,
  );
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  return { url: url.toString(), state, codeVerifier };
}

const tokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/*
 * The token calls follow exactly what arctic sends (form body, client secret in HTTP Basic), but
 * through our provider transport so the sandbox can answer them in-process.
 */
async function tokenRequest(env: Env, fetcher: Fetcher, params: Record<string, string>) {
  const { clientId, clientSecret } = googleCredentials(env);
  let res: Response;
  try {
    res = await fetcher(TOKEN_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new GoogleAuthError("unavailable", "Google could not be reached.");
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return tokenSchema.parse(body);
  const error = tokenErrorSchema.safeParse(body);
  const code = error.success ? error.data.error : null;
  // A refresh token Google no longer honours, or one issued to another OAuth client (the
  // deployment's client id changed): a new consent mints a token for this client.
  if (code === "invalid_grant" || code === "unauthorized_client")
    throw new GoogleAuthError(
      "invalid_grant",
      "Google refused the authorisation; reconnect the Google account.",
    );
  // The deployment's own client is refused (a rotated secret, a deleted client): reconnecting
  // cannot help, whoever runs Crosscast has to fix its Google configuration.
  if (code === "invalid_client" || code === "deleted_client")
    throw new GoogleAuthError(
      "not_configured",
      `Google refused this Crosscast deployment's OAuth client (${code}). Whoever runs Crosscast needs to check its Google client ID and secret.`,
    );
  throw new GoogleAuthError("unavailable", `Google answered ${res.status}.`);
}

export const exchangeCode = (
  env: Env,
  fetcher: Fetcher,
  code: string,
  codeVerifier: string,
  redirectUri: string,
) =>
  tokenRequest(env, fetcher, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
  });

export const refreshAccess = (env: Env, fetcher: Fetcher, refreshToken: string) =>
  tokenRequest(env, fetcher, { grant_type: "refresh_token", refresh_token: refreshToken });

export async function fetchAccountEmail(fetcher: Fetcher, accessToken: string) {
  const res = await fetcher(USERINFO_URL, {
    headers: { Authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new GoogleAuthError("unavailable", `Google userinfo answered ${res.status}.`);
  return z.object({ email: z.string() }).parse(await res.json()).email;
}
