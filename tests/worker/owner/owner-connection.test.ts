import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { decryptSecret } from "../../../worker/lib/crypto/aes-gcm";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf } from "../support/factories";
import { call, envelope } from "../support/http";
import { connectedOrg, ingestedChannel } from "../support/ingestion";
import { connectOwner } from "../support/owner";

const ANALYTICS = "https://www.googleapis.com/auth/yt-analytics.readonly";
const YOUTUBE = "https://www.googleapis.com/auth/youtube.readonly";

async function orgWithChannel(handle: string) {
  const setup = await connectedOrg();
  const channel = await ingestedChannel(setup.org.id, setup.admin.session.accessToken, handle);
  return { ...setup, channel };
}

const ownerRows = async (channel: { id: string; organizationId: string }) =>
  (await contentOf(channel.organizationId))
    .select()
    .from(schema.youtubeOwnerConnections)
    .where(eq(schema.youtubeOwnerConnections.channelId, channel.id));

describe("Owner analytics connection", () => {
  it("connects the tracked channel's owner and keeps the refresh token encrypted", async () => {
    const { org, admin, channel } = await orgWithChannel("@owned-one");
    const path = `/api/orgs/${org.id}/channels/${channel.id}/owner`;
    expect((await call(path, { token: admin.session.accessToken })).json).toEqual({
      connected: false,
    });
    const { consent, location } = await connectOwner(
      org.id,
      channel.id,
      admin.session.accessToken,
      "owned-one@gmail.com",
    );
    const scopes = consent.searchParams.get("scope")!.split(" ");
    expect(scopes).toEqual(expect.arrayContaining([ANALYTICS, YOUTUBE]));
    expect(consent.searchParams.get("access_type")).toBe("offline");
    expect(location).toBe(`/dashboard?owner=connected&channel=${channel.id}`);
    const view = await call(path, { token: admin.session.accessToken });
    expect(view.json).toMatchObject({
      connected: true,
      email: "owned-one@gmail.com",
      status: "active",
    });
    expect(view.text).not.toContain("sbx-refresh");
    const [row] = await ownerRows(channel);
    expect(row!.refreshTokenCiphertext).not.toContain("sbx-refresh");
    expect(await decryptSecret(row!.refreshTokenCiphertext, env.ENCRYPTION_KEY)).toMatch(
      /^sbx-refresh\./,
    );
    const gone = await call(path, { method: "DELETE", token: admin.session.accessToken });
    expect(gone.json).toEqual({ connected: false });
    expect(await ownerRows(channel)).toHaveLength(0);
  });

  it("refuses a partial grant, naming the scope left out, and stores nothing", async () => {
    const { org, admin, channel } = await orgWithChannel("@owned-two");
    const { location } = await connectOwner(
      org.id,
      channel.id,
      admin.session.accessToken,
      "owned-two@gmail.com",
      (requested) => requested.filter((s) => s !== ANALYTICS),
    );
    expect(location).toBe(
      `/dashboard?owner=missing_scopes&channel=${channel.id}&missing=yt-analytics.readonly`,
    );
    expect(await ownerRows(channel)).toHaveLength(0);
  });

  it("refuses an account whose channel is not the tracked one, naming the channel it owns", async () => {
    const { org, admin, channel } = await orgWithChannel("@owned-three");
    const { location } = await connectOwner(
      org.id,
      channel.id,
      admin.session.accessToken,
      "someone-else@gmail.com",
    );
    const url = new URL(location!, "http://localhost");
    expect(url.searchParams.get("owner")).toBe("wrong_channel");
    expect(url.searchParams.get("granted")).toMatch(/./);
    expect(await ownerRows(channel)).toHaveLength(0);
    // An account with no channel at all is refused as such.
    const none = await connectOwner(org.id, channel.id, admin.session.accessToken, "x@gmail.com");
    expect(new URL(none.location!, "http://localhost").searchParams.get("owner")).toBe(
      "no_channel",
    );
  });

  it("is for admins only (403) and never reveals another organisation's channel (404)", async () => {
    const { org, member, admin, channel } = await orgWithChannel("@owned-four");
    const path = `/api/orgs/${org.id}/channels/${channel.id}/owner`;
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", "/connect"],
      ["DELETE", ""],
    ] as const) {
      const asMember = await call(`${path}${suffix}`, {
        method,
        token: member.session.accessToken,
      });
      expect(asMember.status).toBe(403);
      expect(envelope(asMember.json).message).toBe(
        "You need admin permissions to access organization settings.",
      );
    }
    const foreign = await createOrgWithMembers();
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", "/connect"],
      ["DELETE", ""],
    ] as const) {
      // Another organisation's admin, through their own organisation or through this one.
      const own = await call(`/api/orgs/${foreign.org.id}/channels/${channel.id}/owner${suffix}`, {
        method,
        token: foreign.admin.session.accessToken,
      });
      expect(own.status).toBe(404);
      const theirs = await call(`${path}${suffix}`, {
        method,
        token: foreign.admin.session.accessToken,
      });
      expect(theirs.status).toBe(404);
    }
    await connectOwner(org.id, channel.id, admin.session.accessToken, "owned-four@gmail.com");
    expect(await ownerRows(channel)).toHaveLength(1);
  });
});
