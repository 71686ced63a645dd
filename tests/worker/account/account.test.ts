import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { meResponseSchema } from "../../../shared/schemas/auth";
import {
  createOrgWithMembers,
  createUser,
  PNG,
  uploadAvatar as upload,
  userRow,
} from "../support/accounts";
import { createOrganization } from "../support/factories";
import { call, envelope, signIn } from "../support/http";

describe("profile", () => {
  it("saves a phone number and saves an empty one as null", async () => {
    const { email, password, user } = await createUser();
    const { accessToken } = await signIn(email, password);
    const saved = await call("/api/account/profile", {
      method: "PATCH",
      body: { phoneNumber: "+1 (555) 010-9999" },
      token: accessToken,
    });
    expect(meResponseSchema.parse(saved.json).user.phoneNumber).toBe("+1 (555) 010-9999");
    await call("/api/account/profile", {
      method: "PATCH",
      body: { phoneNumber: "" },
      token: accessToken,
    });
    expect((await userRow(user.id)).phoneNumber).toBeNull();
    const bad = await call("/api/account/profile", {
      method: "PATCH",
      body: { phoneNumber: "<script>" },
      token: accessToken,
    });
    expect(bad.status).toBe(400);
    expect(envelope(bad.json).field).toBe("phoneNumber");
  });

  it("requires a signed-in user", async () => {
    expect(
      (await call("/api/account/profile", { method: "PATCH", body: { phoneNumber: null } })).status,
    ).toBe(401);
  });
});

describe("avatar", () => {
  it("uploads to R2 under a server-chosen key, serves it, replaces and removes it", async () => {
    const { email, password, user } = await createUser();
    const { accessToken } = await signIn(email, password);
    const first = await upload(accessToken, PNG, "../../etc/passwd.png");
    expect(first.status).toBe(200);
    const url = meResponseSchema.parse(first.json).user.avatarUrl!;
    expect(url).toMatch(new RegExp(`^/api/images/avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    const image = await SELF.fetch(`http://localhost${url}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const second = meResponseSchema.parse((await upload(accessToken, PNG)).json).user.avatarUrl!;
    expect(await env.FILES.get(url.replace("/api/images/", ""))).toBeNull();
    const removed = await call("/api/account/avatar", { method: "DELETE", token: accessToken });
    expect(meResponseSchema.parse(removed.json).user.avatarUrl).toBeNull();
    expect(await env.FILES.get(second.replace("/api/images/", ""))).toBeNull();
    const again = await call("/api/account/avatar", { method: "DELETE", token: accessToken });
    expect(envelope(again.json).message).toBe("No avatar to remove");
  });

  it("refuses a file that is not an image, whatever it claims to be", async () => {
    const { email, password, user } = await createUser();
    const { accessToken } = await signIn(email, password);
    const r = await upload(
      accessToken,
      new TextEncoder().encode("<svg onload=alert(1)>"),
      "x.png",
      "image/png",
    );
    expect(r.status).toBe(415);
    expect(envelope(r.json).message).toBe("Please upload an image file");
    expect((await userRow(user.id)).avatarKey).toBeNull();
  });

  it("refuses an image's first bytes followed by anything else, a cut-off image and a vast canvas", async () => {
    const { email, password, user } = await createUser();
    const { accessToken } = await signIn(email, password);
    const concat = (...parts: Uint8Array[]) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const text = (s: string) => new TextEncoder().encode(s);
    const signature = PNG.slice(0, 8);
    // A PNG whose header declares 20,000 x 1 pixels, otherwise whole (its CRCs are not read).
    const vast = PNG.slice();
    new DataView(vast.buffer).setUint32(16, 20_000);
    for (const [bytes, message] of [
      [concat(signature, text("<html><script>alert(1)</script>")), "Please upload an image file"],
      [
        concat(signature, crypto.getRandomValues(new Uint8Array(2000))),
        "Please upload an image file",
      ],
      [PNG.slice(0, PNG.length - 12), "Please upload an image file"],
      [concat(text("GIF89a"), new Uint8Array(20)), "Please upload an image file"],
      [
        concat(text("RIFF"), new Uint8Array([200, 0, 0, 0]), text("WEBPVP8 ")),
        "Please upload an image file",
      ],
      [vast, "Images can be at most 10,000 pixels wide and 10,000 pixels tall"],
    ] as const) {
      const r = await upload(accessToken, bytes, "x.png", "image/png");
      expect(r.status).toBe(415);
      expect(envelope(r.json).message).toBe(message);
    }
    expect((await userRow(user.id)).avatarKey).toBeNull();
    // The whole PNG is taken.
    expect((await upload(accessToken, PNG)).status).toBe(200);
  });

  it("refuses a file over 5 MB", async () => {
    const { email, password, user } = await createUser();
    const { accessToken } = await signIn(email, password);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG);
    const r = await upload(accessToken, big);
    expect(r.status).toBe(413);
    expect(envelope(r.json).message).toBe("File size must be less than 5MB");
    expect((await userRow(user.id)).avatarKey).toBeNull();
  });

  it("serves nothing outside avatar and logo keys", async () => {
    await env.FILES.put("reports/secret/data.json", "{}");
    expect((await SELF.fetch("http://localhost/api/images/reports/secret/data.json")).status).toBe(
      404,
    );
  });
});

describe("organisation time zone", () => {
  it("is changed by an admin, refused to a standard user (403) and hidden from other organisations (404)", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const path = `/api/orgs/${org.id}/timezone`;
    const ok = await call(path, {
      method: "PATCH",
      body: { timezone: "Europe/Berlin" },
      token: admin.session.accessToken,
    });
    expect(ok.status).toBe(200);
    const me = meResponseSchema.parse(
      (await call("/api/auth/me", { token: member.session.accessToken })).json,
    );
    expect(me.organization?.timezone).toBe("Europe/Berlin");
    expect(
      (
        await call(path, {
          method: "PATCH",
          body: { timezone: "UTC" },
          token: member.session.accessToken,
        })
      ).status,
    ).toBe(403);
    const other = await createOrganization();
    const stranger = await createUser({ organizationId: other.id, role: "admin" });
    const strangerSession = await signIn(stranger.email, stranger.password);
    const hidden = await call(path, {
      method: "PATCH",
      body: { timezone: "UTC" },
      token: strangerSession.accessToken,
    });
    expect(hidden.status).toBe(404);
    expect(envelope(hidden.json).code).toBe("NOT_FOUND");
  });

  it("accepts only the supported zones", async () => {
    const { org, admin } = await createOrgWithMembers();
    const r = await call(`/api/orgs/${org.id}/timezone`, {
      method: "PATCH",
      body: { timezone: "Mars/Olympus" },
      token: admin.session.accessToken,
    });
    expect(r.status).toBe(400);
    expect(envelope(r.json).field).toBe("timezone");
  });
});

describe("development routes", () => {
  it("seed the demo organisation once", async () => {
    const first = await SELF.fetch("http://localhost/dev/seed", { method: "POST" });
    const second = await SELF.fetch("http://localhost/dev/seed", { method: "POST" });
    expect((await first.json()) as { created: boolean; ingestionJobs: number }).toMatchObject({
      created: true,
      ingestionJobs: 4,
    });
    expect(((await second.json()) as { created: boolean }).created).toBe(false);
    expect(
      (
        await call("/api/auth/sign-in", {
          body: { email: "demo.admin@crosscast.test", password: "crosscast-demo-admin" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("with the sandbox off (production)", () => {
  it("has no mailbox, no seed and no dev API", async () => {
    const { default: worker } = await import("../../../worker/index");
    const { createExecutionContext } = await import("cloudflare:test");
    const production = { ...env, SANDBOX: "0", APP_ENV: "production" };
    for (const [method, path] of [
      ["GET", "/dev/mailbox"],
      ["POST", "/dev/seed"],
      ["GET", "/api/dev/mailbox"],
    ] as const) {
      const res = await worker.fetch(
        new Request(`http://localhost${path}`, { method }),
        production,
        createExecutionContext(),
      );
      expect(res.status, path).toBe(404);
    }
  });
});
