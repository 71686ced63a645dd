import { describe, expect, it } from "vitest";
import { ResendSender } from "../../../worker/providers/email/resend";
import { createOrgWithMembers, randomEmail } from "../support/accounts";
import { callWithEnv } from "../support/http";
import { outboxRows } from "../support/mail";

const signUpWith = (key: string, email: string) =>
  callWithEnv({ RESEND_API_KEY: key }, "/api/auth/sign-up", {
    body: { email, password: "a good long password" },
  });

describe("email through Resend", () => {
  it("sends with the real request shape to a configurable base URL", async () => {
    const seen: Request[] = [];
    const sender = new ResendSender(
      "re_test_key",
      "Crosscast <no-reply@example.com>",
      "https://resend.example/",
      async (input, init) => {
        seen.push(new Request(input, init));
        return Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
      },
    );
    const result = await sender.send({
      to: "a@example.com",
      subject: "Hi",
      text: "Hello",
      html: "<p>Hello</p>",
      kind: "confirmation",
    });
    expect(result).toEqual({ sent: true, id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    const request = seen[0]!;
    expect([request.method, request.url, request.headers.get("authorization")]).toEqual([
      "POST",
      "https://resend.example/emails",
      "Bearer re_test_key",
    ]);
    expect(await request.json()).toEqual({
      from: "Crosscast <no-reply@example.com>",
      to: ["a@example.com"],
      subject: "Hi",
      text: "Hello",
      html: "<p>Hello</p>",
      tags: [{ name: "kind", value: "confirmation" }],
    });
  });

  it("records a delivered message as sent, with the provider's id", async () => {
    const email = randomEmail("resend");
    const r = await signUpWith("re_sandbox_ok", email);
    expect(r.status).toBe(201);
    const [row] = await outboxRows(email);
    expect(row).toMatchObject({ kind: "confirmation", status: "sent", errorMessage: null });
    expect(row!.providerMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never lets a refused or unreachable provider break the flow, and records the failure", async () => {
    for (const [key, error] of [
      ["re_sandbox_invalid", "Resend answered 403 invalid_api_key"],
      ["re_sandbox_rate_limited", "Resend answered 429 rate_limit_exceeded"],
      ["re_sandbox_unreachable", "Resend unreachable (TypeError)"],
    ] as const) {
      const email = randomEmail("fail");
      const r = await signUpWith(key, email);
      expect(r.status, key).toBe(201);
      expect(r.json).toEqual({
        message: "Account created! Please check your email to verify your account.",
      });
      const [row] = await outboxRows(email);
      expect(row, key).toMatchObject({
        status: "failed",
        errorMessage: error,
        providerMessageId: null,
      });
    }
  });

  it("tells the caller when an email could not be sent (admin reset)", async () => {
    const { org, admin, member } = await createOrgWithMembers();
    const r = await callWithEnv(
      { RESEND_API_KEY: "re_sandbox_unreachable" },
      `/api/orgs/${org.id}/members/${member.user.id}/reset-password`,
      { method: "POST", token: admin.session.accessToken },
    );
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ emailSent: false });
    expect((await outboxRows(member.email))[0]).toMatchObject({
      kind: "admin_reset",
      status: "failed",
    });
  });
});
