import { expect } from "vitest";
import { createOrgWithMembers, createUser, randomEmail } from "../support/accounts";
import { call, refreshCookieFrom } from "../support/http";
import { linkToken, mailbox } from "../support/mail";
import { expectOk } from "./people-calls";

/*
 * The auth and Google operations, called for real by openapi.test.ts (kept here so that file
 * stays short). Each answer is checked against the document by support/http.ts.
 */

export async function callAuthRoutes() {
  const password = "correct horse battery staple";
  const newcomer = randomEmail("contract");
  expectOk(await call("/api/auth/sign-up", { body: { email: newcomer, password } }), "sign up");
  // An unknown token still answers the documented redirect (to /?confirmed=0).
  expectOk(await call("/api/auth/confirm?token=not-a-token-we-sent"), "confirm");

  const { email } = await createUser({ password });
  const signedIn = await call("/api/auth/sign-in", { body: { email, password } });
  expectOk(signedIn, "sign in");
  const token = (signedIn.json as { accessToken: string }).accessToken;
  expectOk(await call("/api/auth/me", { token }), "me");
  const refreshed = await call("/api/auth/refresh", {
    method: "POST",
    cookie: refreshCookieFrom(signedIn.res),
  });
  expectOk(refreshed, "refresh");
  const changed = "another horse battery staple";
  const body = { currentPassword: password, newPassword: changed };
  expectOk(await call("/api/auth/password", { body, token }), "change password");

  expectOk(await call("/api/auth/reset-request", { body: { email } }), "reset request");
  const [mail] = await mailbox(email);
  const linked = await call("/api/auth/link", { body: { token: linkToken(mail!.text) } });
  expectOk(linked, "link");
  const resetToken = (linked.json as { accessToken: string }).accessToken;
  const chosen = { newPassword: "a third horse battery staple", type: "recovery" };
  expectOk(
    await call("/api/auth/set-password", { body: chosen, token: resetToken }),
    "set password",
  );
  const signOut = await call("/api/auth/sign-out", {
    method: "POST",
    cookie: refreshCookieFrom(refreshed.res),
  });
  expect(signOut.status).toBe(204);
}

export async function callGoogleRoutes() {
  const { org, admin } = await createOrgWithMembers();
  const token = admin.session.accessToken;
  const base = `/api/orgs/${org.id}/google`;
  expectOk(await call(base, { token }), "google");
  expectOk(await call(`${base}/connect`, { method: "POST", token }), "connect google");
  // Without the flow's cookie the callback sends the browser back with google=expired.
  const back = await call("/api/google/callback?code=c&state=s");
  expect(back.res.headers.get("location")).toBe("/organization-settings?google=expired");
  expectOk(await call(base, { method: "DELETE", token }), "disconnect google");
}
