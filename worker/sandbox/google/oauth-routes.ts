import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { toBase64Url } from "../../lib/crypto/encoding";
import { escapeHtml } from "../../lib/html";
import {
  accessTokenFor,
  accountOfAccessToken,
  accountOfRefreshToken,
  codeFor,
  parseCode,
  refreshTokenFor,
} from "./tokens";

const oauthError = (error: string, description: string) => ({
  error,
  error_description: description,
});

async function s256(verifier: string) {
  return toBase64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
}

/** Google's OAuth endpoints: consent page, token exchange and refresh, userinfo. */
export const googleOAuthSandbox = new Hono<AppEnv>()
  // The consent screen a browser is sent to. Server-rendered, no script.
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
    const hidden = ["redirect_uri", "state", "code_challenge"]
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? "")}">`)
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:4rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.5rem 0}button{padding:.6rem}</style></head>
<body><h1>Google (sandbox)</h1><p>Crosscast wants to create and edit spreadsheets in your Drive.</p><p>Scopes: ${escapeHtml(q.scope ?? "")}</p>
<form method="get" action="/sandbox/accounts.google.com/o/oauth2/v2/approve">${hidden}
<label for="account">Google account</label><input id="account" name="account" type="email" value="sandbox.editor@gmail.com" required>
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form></body></html>`);
  })
  .get("/accounts.google.com/o/oauth2/v2/approve", (c) => {
    const q = c.req.query();
    const target = new URL(q.redirect_uri ?? "");
    if (q.state) target.searchParams.set("state", q.state);
    if (q.decision === "allow" && q.account)
      target.searchParams.set("code", codeFor(q.account.toLowerCase(), q.code_challenge ?? ""));
    else target.searchParams.set("error", "access_denied");
    return c.redirect(target.toString(), 302);
  })
  .post("/oauth2.googleapis.com/token", async (c) => {
    if (!c.req.header("authorization")?.startsWith("Basic "))
      return c.json(oauthError("invalid_client", "Client authentication failed"), 401);
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = parseCode(form.get("code") ?? "");
      if (!code || (await s256(form.get("code_verifier") ?? "")) !== code.challenge)
        return c.json(oauthError("invalid_grant", "Bad Request"), 400);
      return c.json({
        access_token: accessTokenFor(code.account),
        expires_in: 3599,
        refresh_token: refreshTokenFor(code.account),
        scope:
          "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/spreadsheets",
        token_type: "Bearer",
      });
    }
    if (grant === "refresh_token") {
      const account = accountOfRefreshToken(form.get("refresh_token") ?? "");
      if (!account)
        return c.json(oauthError("invalid_grant", "Token has been expired or revoked."), 400);
      return c.json({
        access_token: accessTokenFor(account),
        expires_in: 3599,
        scope:
          "https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/spreadsheets",
        token_type: "Bearer",
      });
    }
    return c.json(oauthError("unsupported_grant_type", "Invalid grant_type"), 400);
  })
  .post("/oauth2.googleapis.com/revoke", (c) => c.body(null, 200))
  .get("/openidconnect.googleapis.com/v1/userinfo", (c) => {
    const account = accountOfAccessToken(
      (c.req.header("authorization") ?? "").replace(/^Bearer /, ""),
    );
    if (!account)
      return c.json({ error: "invalid_token", error_description: "Invalid Credentials" }, 401);
    return c.json({ sub: account.replace(/\W/g, ""), email: account, email_verified: true });
  });
