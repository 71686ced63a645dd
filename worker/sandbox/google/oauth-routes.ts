import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { toBase64Url } from "../../lib/crypto/encoding";
import { escapeHtml } from "../../lib/html";
import { googleCredentials } from "../../providers/google/oauth";
import {
  accessTokenFor,
  accountOfAccessToken,
  codeFor,
  grantOfRefreshToken,
  parseCode,
  refreshTokenFor,
} from "./tokens";

const oauthError = (error: string, description: string) => ({
  error,
  error_description: description,
});

/**
 * Marks an authorisation code used (in R2, beside the emulated Drives); false if it already was.
 * Check-then-write, not atomic: two exchanges of one code in the same instant could both pass,
 * which no caller of ours does.
 */
async function spendCode(bucket: R2Bucket, code: string) {
  const key = `sandbox/google/used-codes/${await s256(code)}`;
  if (await bucket.head(key)) return false;
  await bucket.put(key, "");
  return true;
}

/** A refresh token minted for a client other than this deployment's ("other-client…" accounts). */
const OTHER_CLIENT = "another-project.apps.googleusercontent.com";
/** Refreshes a "token-outage…" account is refused before Google's token endpoint recovers. */
export const TOKEN_OUTAGE_REFRESHES = 1;
async function inTokenOutage(bucket: R2Bucket, account: string): Promise<boolean> {
  const key = `sandbox/google/token-outages/${account}`;
  const served = Number((await (await bucket.get(key))?.text()) ?? 0);
  if (served >= TOKEN_OUTAGE_REFRESHES) return false;
  await bucket.put(key, String(served + 1));
  return true;
}

async function s256(verifier: string) {
  return toBase64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
}

/** Google writes the short sign-in scopes out in full in token answers. */
const FULL_NAMES: Record<string, string> = {
  email: "https://www.googleapis.com/auth/userinfo.email",
  profile: "https://www.googleapis.com/auth/userinfo.profile",
};
/** Sign-in scopes come with the account; the consent screen offers a box for every other one. */
const BASIC = new Set(["openid", "email", "profile"]);
const DESCRIPTIONS: Record<string, string> = {
  "https://www.googleapis.com/auth/drive.file":
    "See, edit, create and delete only the specific Google Drive files you use with this app",
  "https://www.googleapis.com/auth/spreadsheets":
    "See, edit, create and delete all your Google Sheets spreadsheets",
  "https://www.googleapis.com/auth/youtube.readonly": "View your YouTube account",
  "https://www.googleapis.com/auth/yt-analytics.readonly":
    "View YouTube Analytics reports for your YouTube content",
};
const fullName = (scope: string) => FULL_NAMES[scope] ?? scope;

/**
 * Google's OAuth endpoints: the consent screen (where the person may untick any scope beyond
 * sign-in, as Google's granular consent allows), token exchange and refresh (whose `scope` lists
 * only what was granted), and userinfo (oauth2.v2.json's oauth2.userinfo.get).
 */
export const googleOAuthSandbox = new Hono<AppEnv>()
  .get("/accounts.google.com/o/oauth2/v2/auth", (c) => {
    const q = c.req.query();
    if (
      q.response_type !== "code" ||
      !q.client_id ||
      !q.redirect_uri ||
      q.code_challenge_method !== "S256" ||
      !q.code_challenge
    ) {
      return c.text(
        "Error 400: invalid_request (response_type=code, client_id, redirect_uri and an S256 code_challenge are required)",
        400,
      );
    }
    const requested = (q.scope ?? "").split(/\s+/).filter(Boolean);
    const hidden = ["redirect_uri", "state", "code_challenge"]
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? "")}">`)
      .concat(
        requested
          .filter((s) => BASIC.has(s))
          .map((s) => `<input type="hidden" name="grant" value="${escapeHtml(s)}">`),
      )
      .join("");
    const boxes = requested
      .filter((s) => !BASIC.has(s))
      .map(
        (s, i) =>
          `<div class="scope"><input type="checkbox" id="scope-${i}" name="grant" value="${escapeHtml(s)}" checked><label for="scope-${i}">${escapeHtml(DESCRIPTIONS[s] ?? s)}</label></div>`,
      )
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:460px;margin:4rem auto;padding:0 1rem}label,input[type=email],button{display:block;width:100%;margin:.5rem 0}button{padding:.6rem}.scope{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0}.scope label{margin:0}</style></head>
<body><h1>Google (sandbox)</h1><p>Crosscast wants access to your Google Account.</p>
<form method="get" action="/sandbox/accounts.google.com/o/oauth2/v2/approve">${hidden}
<label for="account">Google account</label><input id="account" name="account" type="email" value="sandbox.editor@gmail.com" required>
<fieldset><legend>Select what Crosscast can access</legend>${boxes}</fieldset>
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form></body></html>`);
  })
  .get("/accounts.google.com/o/oauth2/v2/approve", (c) => {
    const q = c.req.query();
    const target = new URL(q.redirect_uri ?? "");
    if (q.state) target.searchParams.set("state", q.state);
    const granted = (c.req.queries("grant") ?? []).map(fullName);
    if (q.decision === "allow" && q.account)
      target.searchParams.set(
        "code",
        codeFor(q.account.toLowerCase(), q.code_challenge ?? "", [...new Set(granted)]),
      );
    else target.searchParams.set("error", "access_denied");
    return c.redirect(target.toString(), 302);
  })
  .post("/oauth2.googleapis.com/token", async (c) => {
    // HTTP Basic with this deployment's own client (the one the consent URL was built with).
    const { clientId, clientSecret } = googleCredentials(c.env);
    if (c.req.header("authorization") !== `Basic ${btoa(`${clientId}:${clientSecret}`)}`)
      return c.json(oauthError("invalid_client", "Unauthorized"), 401);
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = parseCode(form.get("code") ?? "");
      if (!code || (await s256(form.get("code_verifier") ?? "")) !== code.challenge)
        return c.json(oauthError("invalid_grant", "Bad Request"), 400);
      // An authorisation code is good for one exchange; Google refuses it the second time.
      if (!(await spendCode(c.env.FILES, form.get("code") ?? "")))
        return c.json(oauthError("invalid_grant", "Bad Request"), 400);
      return c.json({
        access_token: accessTokenFor(code.account),
        expires_in: 3599,
        // "other-client…" accounts get a token of another OAuth client: this deployment's
        // refreshes are then refused as Google refuses a token after the client ID changed.
        refresh_token: refreshTokenFor(
          code.account,
          code.scopes,
          code.account.startsWith("other-client") ? OTHER_CLIENT : clientId,
        ),
        scope: code.scopes.join(" "),
        token_type: "Bearer",
      });
    }
    if (grant === "refresh_token") {
      if (!form.get("refresh_token"))
        return c.json(
          oauthError("invalid_request", "Missing required parameter: refresh_token"),
          400,
        );
      const granted = grantOfRefreshToken(form.get("refresh_token") ?? "");
      if (!granted)
        return c.json(oauthError("invalid_grant", "Token has been expired or revoked."), 400);
      if (granted.client !== undefined && granted.client !== clientId)
        return c.json(oauthError("unauthorized_client", "Unauthorized"), 400);
      // "deleted-client…": as if this deployment's OAuth client had been deleted in Google Cloud.
      if (granted.account.startsWith("deleted-client"))
        return c.json(oauthError("deleted_client", "The OAuth client was deleted."), 401);
      // "token-outage…": Google's token endpoint fails its first refreshes, then recovers.
      if (
        granted.account.startsWith("token-outage") &&
        (await inTokenOutage(c.env.FILES, granted.account))
      )
        return c.text("Service Unavailable", 503);
      return c.json({
        access_token: accessTokenFor(granted.account),
        expires_in: 3599,
        scope: granted.scopes.join(" "),
        token_type: "Bearer",
      });
    }
    return c.json(oauthError("unsupported_grant_type", "Invalid grant_type"), 400);
  })
  .post("/oauth2.googleapis.com/revoke", (c) => c.body(null, 200))
  .get("/www.googleapis.com/oauth2/v2/userinfo", (c) => {
    const account = accountOfAccessToken(
      (c.req.header("authorization") ?? "").replace(/^Bearer /, ""),
    );
    if (!account)
      return c.json(
        {
          error: {
            code: 401,
            message: "Request is missing required authentication credential.",
            status: "UNAUTHENTICATED",
          },
        },
        401,
      );
    return c.json({
      id: String([...account].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 1e15, 7)),
      email: account,
      verified_email: true,
      picture: `https://sandbox.invalid/avatars/${encodeURIComponent(account)}.png`,
    });
  });
