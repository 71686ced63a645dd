import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { schema } from "../../../worker/db/client";
import { createOrgWithMembers, PNG, randomEmail } from "../support/accounts";
import { db } from "../support/factories";
import { call } from "../support/http";

/*
 * The organisation's and the account's operations, called for real by openapi.test.ts (kept
 * here so that file stays short). Each answer is checked against the document by support/http.ts.
 */

type Invited = { invitation: { id: string } };

/** Success: 2xx, a redirect, or 101 for the WebSocket. */
export function expectOk(r: { status: number; text: string }, what: string) {
  expect(r.status < 400, `${what}: ${r.status} ${r.text.slice(0, 300)}`).toBe(true);
}

const logoForm = () => {
  const form = new FormData();
  form.append("file", new File([PNG], "image.png", { type: "image/png" }));
  return form;
};

export async function callOrganizationRoutes() {
  const { org, admin, member } = await createOrgWithMembers();
  const token = admin.session.accessToken;
  const base = `/api/orgs/${org.id}`;
  expectOk(await call(base, { token }), "organization");
  expectOk(await call(base, { method: "PATCH", body: { name: "Contract Org" }, token }), "rename");
  expectOk(await call(`${base}/logo`, { form: logoForm(), token }), "upload logo");
  expectOk(await call(`${base}/logo`, { method: "DELETE", token }), "remove logo");
  const keys = { youtubeApiKey: "AIza-sandbox-good-key" };
  expectOk(await call(`${base}/integrations`, { method: "PUT", body: keys, token }), "keys");
  expectOk(await call(`${base}/integrations`, { token }), "integrations");
  expectOk(await call(`${base}/audit`, { token }), "audit");
  const timezone = { timezone: "Europe/London" };
  expectOk(await call(`${base}/timezone`, { method: "PATCH", body: timezone, token }), "zone");

  const members = `${base}/members`;
  const invited = await call(members, { body: { email: randomEmail("contract") }, token });
  expectOk(invited, "invite");
  const invitation = `${members}/invitations/${(invited.json as Invited).invitation.id}`;
  // A resend is allowed ten minutes after the last one.
  await db()
    .update(schema.invitations)
    .set({ lastSentAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(schema.invitations.organizationId, org.id));
  expectOk(await call(`${invitation}/resend`, { method: "POST", token }), "resend");
  expectOk(await call(invitation, { method: "DELETE", token }), "revoke");
  expectOk(await call(members, { token }), "members");
  const person = `${members}/${member.user.id}`;
  expectOk(await call(person, { method: "PATCH", body: { name: "Sam" }, token }), "update");
  expectOk(await call(`${person}/reset-password`, { method: "POST", token }), "reset");
  expectOk(await call(person, { method: "DELETE", token }), "remove");
}

export async function callAccountRoutes() {
  const a = await createOrgWithMembers();
  const b = await createOrgWithMembers();
  const token = a.member.session.accessToken;
  const body = { phoneNumber: "+1 555 0100" };
  expectOk(await call("/api/account/profile", { method: "PATCH", body, token }), "profile");
  const uploaded = await call("/api/account/avatar", { form: logoForm(), token });
  expectOk(uploaded, "upload avatar");
  const avatarUrl = (uploaded.json as { user: { avatarUrl: string | null } }).user.avatarUrl;
  expectOk(await call(avatarUrl ?? "/api/images/missing", {}), "the avatar image");
  expectOk(await call("/api/account/avatar", { method: "DELETE", token }), "remove avatar");
  const invited = await call(`/api/orgs/${b.org.id}/members`, {
    body: { email: a.member.email },
    token: b.admin.session.accessToken,
  });
  expectOk(invited, "invite");
  const id = (invited.json as Invited).invitation.id;
  expectOk(
    await call(`/api/account/invitations/${id}/accept`, { method: "POST", token }),
    "accept",
  );
  expectOk(
    await call("/api/account/active-organization", { body: { organizationId: a.org.id }, token }),
    "switch",
  );
}
