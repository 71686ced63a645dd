import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schema } from "../../../worker/db/client";
import { decryptSecret } from "../../../worker/lib/crypto/aes-gcm";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { connectGoogle } from "../support/google";
import { call, envelope } from "../support/http";

const filesPage = z.object({
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mimeType: z.string(),
      size: z.string().optional(),
    }),
  ),
  nextPageToken: z.string().nullable(),
});

describe("Google connection", () => {
  it("connects through OAuth with PKCE, stores the refresh token encrypted and shows the account", async () => {
    const { org, admin } = await createOrgWithMembers();
    const { consent, location } = await connectGoogle(
      org.id,
      admin.session.accessToken,
      "media.team@gmail.com",
    );
    expect(consent.searchParams.get("code_challenge_method")).toBe("S256");
    expect(consent.searchParams.get("access_type")).toBe("offline");
    expect(consent.searchParams.get("scope")).toContain(
      "https://www.googleapis.com/auth/drive.file",
    );
    expect(location).toBe("/organization-settings?google=connected");
    const view = await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken });
    expect(view.json).toMatchObject({
      connected: true,
      email: "media.team@gmail.com",
      status: "active",
    });
    const [row] = await (await contentOf(org.id))
      .select()
      .from(schema.googleConnections)
      .where(eq(schema.googleConnections.organizationId, org.id));
    expect(row!.refreshTokenCiphertext).not.toContain("sbx-refresh");
    expect(await decryptSecret(row!.refreshTokenCiphertext, env.ENCRYPTION_KEY)).toMatch(
      /^sbx-refresh\./,
    );
    expect(view.text).not.toContain("sbx-refresh");
    await call(`/api/orgs/${org.id}/google`, {
      method: "DELETE",
      token: admin.session.accessToken,
    });
    expect(
      (await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken })).json,
    ).toEqual({ connected: false });
  });

  it("refuses a callback whose state does not match", async () => {
    const { org, admin } = await createOrgWithMembers();
    const start = await call(`/api/orgs/${org.id}/google/connect`, {
      method: "POST",
      token: admin.session.accessToken,
    });
    const cookie = start.res.headers
      .getSetCookie()
      .find((c) => c.startsWith("crosscast_google_oauth="))!
      .split(";")[0]!;
    const r = await call(`/api/google/callback?code=sbx-code.x&state=forged`, { cookie });
    expect(r.res.headers.get("location")).toBe("/organization-settings?google=expired");
    expect(
      (await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken })).json,
    ).toEqual({ connected: false });
  });
});

describe("storage manager", () => {
  it("says how to connect when no Google account is connected", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/storage/quota`, { token: admin.session.accessToken });
    expect(r.status).toBe(400);
    expect(envelope(r.json).reason).toBe("google_not_connected");
  });

  it("shows the quota, pages through files and reports partial delete failures", async () => {
    const { org, admin } = await createOrgWithMembers();
    await connectGoogle(
      org.id,
      admin.session.accessToken,
      `storage-${crypto.randomUUID().slice(0, 6)}@gmail.com`,
    );
    const quota = await call(`/api/orgs/${org.id}/storage/quota`, {
      token: admin.session.accessToken,
    });
    expect(quota.json).toMatchObject({ quota: { limit: String(15 * 1024 ** 3) } });
    const first = filesPage.parse(
      (await call(`/api/orgs/${org.id}/storage/files`, { token: admin.session.accessToken })).json,
    );
    expect(first.files).toHaveLength(50);
    expect(first.nextPageToken).not.toBeNull();
    const second = filesPage.parse(
      (
        await call(`/api/orgs/${org.id}/storage/files?pageToken=${first.nextPageToken}`, {
          token: admin.session.accessToken,
        })
      ).json,
    );
    expect(second.files[0]!.id).not.toBe(first.files[0]!.id);
    const locked = first.files.find((f) => f.name.includes("(locked)"))!;
    const target = [first.files[0]!.id, locked.id, "no-such-file"];
    const del = await call(`/api/orgs/${org.id}/storage/delete`, {
      body: { fileIds: target },
      token: admin.session.accessToken,
    });
    expect(del.json).toMatchObject({ deleted: 1, requested: 3 });
    const after = filesPage.parse(
      (await call(`/api/orgs/${org.id}/storage/files`, { token: admin.session.accessToken })).json,
    );
    expect(after.files.map((f) => f.id)).not.toContain(first.files[0]!.id);
    expect(after.files.map((f) => f.id)).toContain(locked.id);
  });

  it("follows Drive's empty pages to the files, and starts over when a page token is refused", async () => {
    const { org, admin } = await createOrgWithMembers();
    // The emulator answers this account's first page empty, with a token: Drive's documents say
    // "Partial or empty result pages are possible even before the end of the files list".
    await connectGoogle(
      org.id,
      admin.session.accessToken,
      `partial-pages-${crypto.randomUUID().slice(0, 6)}@gmail.com`,
    );
    const first = filesPage.parse(
      (await call(`/api/orgs/${org.id}/storage/files`, { token: admin.session.accessToken })).json,
    );
    expect(first.files).toHaveLength(50);
    expect(first.nextPageToken).not.toBeNull();

    // A token Drive no longer takes: a 400 naming it, never a 500, so the page can start over.
    const stale = await call(`/api/orgs/${org.id}/storage/files?pageToken=not-a-drive-token`, {
      token: admin.session.accessToken,
    });
    expect(stale.status).toBe(400);
    expect(envelope(stale.json)).toMatchObject({
      code: "BAD_REQUEST",
      reason: "page_token_rejected",
      field: "pageToken",
      message: "That page of files is no longer available.",
    });
  });

  it("marks the connection errored when Google revokes the refresh token", async () => {
    const { org, admin } = await createOrgWithMembers();
    await connectGoogle(org.id, admin.session.accessToken, "revoked.account@gmail.com");
    const r = await call(`/api/orgs/${org.id}/storage/files`, { token: admin.session.accessToken });
    expect(envelope(r.json).reason).toBe("google_reconnect_required");
    expect(
      (await call(`/api/orgs/${org.id}/google`, { token: admin.session.accessToken })).json,
    ).toMatchObject({ connected: true, status: "error" });
  });

  it("requires at least one file to delete", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/storage/delete`, {
      body: { fileIds: [] },
      token: admin.session.accessToken,
    });
    expect(envelope(r.json).message).toBe("fileIds: Please select files to delete");
  });
});
