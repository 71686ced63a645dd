import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { meResponseSchema } from "../../../shared/schemas/auth";
import { schema } from "../../../worker/db/client";
import { createUser, randomEmail, userRow } from "../support/accounts";
import { db } from "../support/factories";
import { call, callFrom, envelope, signIn } from "../support/http";
import { confirmPath, mailbox } from "../support/mail";

const signUp = (
  email: string,
  password = "a good long password",
  from?: { "cf-connecting-ip": string },
) =>
  from
    ? callFrom(from["cf-connecting-ip"], "/api/auth/sign-up", { body: { email, password } })
    : call("/api/auth/sign-up", { body: { email, password } });
const usersWith = (email: string) =>
  db().select().from(schema.users).where(eq(schema.users.email, email));

describe("sign-up", () => {
  it("creates the user and an organisation they administer, and emails a confirmation link that confirms", async () => {
    const email = randomEmail("new");
    const r = await signUp(email);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({
      message: "Account created! Please check your email to verify your account.",
    });
    const early = await call("/api/auth/sign-in", {
      body: { email, password: "a good long password" },
    });
    expect(early.status).toBe(403);
    expect(envelope(early.json).reason).toBe("email_not_confirmed");
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("confirmation");
    expect(mail?.subject).toBe("Confirm your Crosscast account");
    const link = confirmPath(mail!.text);
    const confirm = await call(link);
    expect(confirm.status).toBe(302);
    expect(confirm.res.headers.get("location")).toBe("/?confirmed=1");
    expect((await call(link)).res.headers.get("location")).toBe("/?confirmed=0");
    expect(
      (await call("/api/auth/confirm?token=nonsense-token-value")).res.headers.get("location"),
    ).toBe("/?confirmed=0");
    const session = await signIn(email, "a good long password");
    const me = meResponseSchema.parse(
      (await call("/api/auth/me", { token: session.accessToken })).json,
    );
    expect(me.isAdmin).toBe(true);
    expect(me.organization?.name).toBe(`${email.split("@")[0]}'s organization`);
  });

  it("names the organisation after the person when a name is given", async () => {
    const email = randomEmail("named");
    await call("/api/auth/sign-up", {
      body: { email, password: "a good long password", name: "Ada Lovelace" },
    });
    await call(confirmPath((await mailbox(email))[0]!.text));
    const me = meResponseSchema.parse(
      (
        await call("/api/auth/me", {
          token: (await signIn(email, "a good long password")).accessToken,
        })
      ).json,
    );
    expect([me.user.name, me.organization?.name]).toEqual([
      "Ada Lovelace",
      "Ada Lovelace's organization",
    ]);
  });

  it("answers an existing email exactly like a new one, and tells the owner by email", async () => {
    const { email, user } = await createUser();
    const existing = await signUp(email, "another long password");
    const fresh = await signUp(randomEmail(), "another long password");
    expect(existing.status).toBe(201);
    expect(existing.json).toEqual(fresh.json);
    const [mail] = await mailbox(email);
    expect(mail?.kind).toBe("existing_account");
    expect(mail?.text).toContain("you already have one");
    expect((await userRow(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it("is refused on the data-center brand, and nothing is written", async () => {
    const email = randomEmail("dc");
    const r = await call("/api/auth/sign-up", {
      body: { email, password: "a good long password" },
      host: "datacenter.example.com",
    });
    expect(r.status).toBe(403);
    expect(envelope(r.json).reason).toBe("signup_disabled");
    expect(await usersWith(email)).toEqual([]);
    expect(await mailbox(email)).toEqual([]);
  });

  it("requires 8 characters, with a reason the client maps to the spec's sentence", async () => {
    const email = randomEmail();
    const r = await signUp(email, "short");
    expect(r.status).toBe(400);
    expect(envelope(r.json)).toMatchObject({
      field: "password",
      reason: "password_too_short",
      message: "password: Password must be at least 8 characters long",
    });
    expect(await usersWith(email)).toEqual([]);
  });

  it("names a missing field", async () => {
    const r = await call("/api/auth/sign-up", { body: { password: "a good long password" } });
    expect(r.status).toBe(400);
    expect(envelope(r.json).field).toBe("email");
  });

  it("refuses an oversized body, chunked or not, and creates nothing", async () => {
    const email = randomEmail("big");
    const big = JSON.stringify({
      email,
      password: "a good long password",
      name: "x".repeat(100 * 1024),
    });
    const sized = await SELF.fetch("http://localhost/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(sized.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        // Two chunks and no Content-Length: the limit must count the bytes as they arrive.
        controller.enqueue(new TextEncoder().encode(big.slice(0, 1000)));
        controller.enqueue(new TextEncoder().encode(big.slice(1000)));
        controller.close();
      },
    });
    const chunked = await SELF.fetch("http://localhost/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(chunked.status).toBe(413);
    expect(envelope(await chunked.json()).code).toBe("PAYLOAD_TOO_LARGE");
    expect(await usersWith(email)).toEqual([]);
    expect(await mailbox(email)).toEqual([]);
  });

  it("is rate limited per address, known or not, so a stranger's inbox cannot be flooded", async () => {
    const { email } = await createUser();
    const ghost = randomEmail("ghost");
    // Tests in one file share the database: this one speaks from its own address.
    const from = { "cf-connecting-ip": "198.51.100.22" };
    for (let i = 0; i < 3; i++) {
      expect((await signUp(email, undefined, from)).status).toBe(201);
      expect((await signUp(ghost, undefined, from)).status).toBe(201);
    }
    const [known, unknown] = [
      await signUp(email, undefined, from),
      await signUp(ghost, undefined, from),
    ];
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect({ ...envelope(known.json), requestId: "" }).toEqual({
      ...envelope(unknown.json),
      requestId: "",
    });
    expect(envelope(known.json).reason).toBe("rate_limited");
    expect((await mailbox(email)).length).toBe(3);
  });

  it("is rate limited per IP address across emails", async () => {
    const ip = "198.51.100.23";
    for (let i = 0; i < 20; i++)
      expect(
        (await signUp(randomEmail("burst"), undefined, { "cf-connecting-ip": ip })).status,
      ).toBe(201);
    expect((await signUp(randomEmail("burst"), undefined, { "cf-connecting-ip": ip })).status).toBe(
      429,
    );
    expect(
      (await signUp(randomEmail("burst"), undefined, { "cf-connecting-ip": "198.51.100.24" }))
        .status,
    ).toBe(201);
  });
});
