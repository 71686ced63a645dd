import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { errorEnvelopeSchema } from "../../../shared/errors";

describe("GET /api/health", () => {
  it("answers ok with a database round trip and a request id", async () => {
    const res = await SELF.fetch("http://localhost/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      checks: { database: string };
      requestId: string;
    };
    expect(body.status).toBe("ok");
    expect(body.checks.database).toBe("ok");
    expect(res.headers.get("x-request-id")).toBe(body.requestId);
  });

  it("echoes a well-formed caller request id and replaces a malformed one", async () => {
    const mine = await SELF.fetch("http://localhost/api/health", {
      headers: { "x-request-id": "abc12345-req" },
    });
    expect(mine.headers.get("x-request-id")).toBe("abc12345-req");
    const bad = await SELF.fetch("http://localhost/api/health", {
      headers: { "x-request-id": "<script>" },
    });
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the error envelope", () => {
  it("gives unknown API routes a JSON 404 envelope, not the SPA", async () => {
    const res = await SELF.fetch("http://localhost/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = errorEnvelopeSchema.parse(await res.json());
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("answers 404 envelope for every method on an unknown API path", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await SELF.fetch("http://localhost/api/nope", {
        method,
        body: method === "DELETE" ? undefined : "{}",
      });
      expect(res.status, method).toBe(404);
      expect(errorEnvelopeSchema.safeParse(await res.json()).success).toBe(true);
    }
  });
});

describe("security headers", () => {
  it("sets CSP without inline scripts and the usual hardening headers", async () => {
    const res = await SELF.fetch("http://localhost/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps API answers out of caches, but lets the static app be cached", async () => {
    expect((await SELF.fetch("http://localhost/api/health")).headers.get("cache-control")).toBe(
      "no-store",
    );
    expect((await SELF.fetch("http://localhost/api/auth/me")).headers.get("cache-control")).toBe(
      "no-store",
    );
    expect((await SELF.fetch("http://localhost/dashboard")).headers.get("cache-control")).not.toBe(
      "no-store",
    );
  });

  it("adds HSTS only over https", async () => {
    const plain = await SELF.fetch("http://localhost/api/health");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await SELF.fetch("https://crosscast.example/api/health");
    expect(secure.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
