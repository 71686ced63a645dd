import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saveConnection } from "../../../worker/features/google/connection";
import { refreshTokenFor } from "../../../worker/sandbox/google/tokens";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { call, envelope } from "../support/http";

const DRIVE_FILE = "https://www.googleapis.com/auth/drive.file";

describe("Google consent, as Google's granular consent screen works", () => {
  it("asks only for sign-in and drive.file (no spreadsheets scope) and keeps what was granted", async () => {
    const { org, admin } = await createOrgWithMembers();
    const { consent, location } = await connectGoogle(org.id, admin.session.accessToken);
    expect(consent.searchParams.get("scope")!.split(" ").sort()).toEqual(
      ["email", "openid", DRIVE_FILE].sort(),
    );
    expect(location).toBe("/organization-settings?google=connected");
    const view = await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken });
    expect((view.json as { scopes: string[] }).scopes.sort()).toEqual(
      ["openid", "https://www.googleapis.com/auth/userinfo.email", DRIVE_FILE].sort(),
    );
  });

  it("catches an unticked drive.file box at connect time with a clear outcome, saving nothing", async () => {
    const { org, admin } = await createOrgWithMembers();
    const { location } = await connectGoogle(
      org.id,
      admin.session.accessToken,
      "unticked@gmail.com",
      (requested) => requested.filter((s) => s !== DRIVE_FILE),
    );
    expect(location).toBe("/organization-settings?google=missing_scopes");
    expect(
      (await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken })).json,
    ).toEqual({ connected: false });
  });

  it("the consent page offers a box for each scope beyond sign-in, ticked by default", async () => {
    const { org, admin } = await createOrgWithMembers();
    const { consent } = await connectGoogle(org.id, admin.session.accessToken);
    const page = await call(`${consent.pathname}${consent.search}`);
    expect(page.text).toContain(`name="grant" value="${DRIVE_FILE}" checked`);
    expect(page.text).not.toContain('type="checkbox" id="scope-0" name="grant" value="openid"');
  });

  it("a connection whose grant lost drive.file asks for a reconnect instead of failing later", async () => {
    const { org, admin } = await createOrgWithMembers();
    await saveConnection(
      await contentOf(org.id),
      env,
      org.id,
      admin.user.id,
      "shrunk@gmail.com",
      refreshTokenFor("shrunk@gmail.com", [
        "openid",
        "https://www.googleapis.com/auth/userinfo.email",
      ]),
      "openid email",
    );
    const r = await call(`/api/orgs/${org.id}/storage/quota`, { token: admin.session.accessToken });
    expect(r.status).toBe(400);
    expect(envelope(r.json)).toMatchObject({ reason: "google_reconnect_required" });
    expect(envelope(r.json).message).toContain("connect Google again");
    expect(
      (await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken })).json,
    ).toMatchObject({ status: "error" });
  });
});
