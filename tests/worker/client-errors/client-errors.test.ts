import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorEnvelopeSchema } from "../../../shared/errors";
import type { ClientErrorReport } from "../../../shared/schemas/client-errors";
import worker from "../../../worker/index";

const report = (over: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  kind: "route-boundary",
  message: "l.map is not a function",
  stack: "TypeError: l.map is not a function\n    at CheckboxList (index-abc.js:1:2)",
  route: "/dashboard?tab=reports",
  buildVersion: "0.1.0+abc1234",
  ...over,
});

/**
 * A report as it arrives through Cloudflare's edge from a client address: the per-address limit
 * trusts CF-Connecting-IP only in production (outside Cloudflare anyone could send it).
 */
async function send(body: unknown, ip = "203.0.113.7") {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request("http://app.crosscast.example/api/client-errors", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { ...env, APP_ENV: "production" },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The JSON log lines the Worker wrote at error level while `run` ran. */
async function loggedErrors(run: () => Promise<unknown>) {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/client-errors", () => {
  it("logs a browser's error with its route, build and the failed call's request id", async () => {
    let status = 0;
    let reference: string | null = null;
    const lines = await loggedErrors(async () => {
      const res = await send(report({ requestId: "req-12345678" }), "203.0.113.1");
      status = res.status;
      reference = res.headers.get("x-request-id");
    });
    expect(status).toBe(204);
    const line = lines.find((l) => l.msg === "client: error reported");
    expect(line).toMatchObject({
      kind: "route-boundary",
      message: "l.map is not a function",
      route: "/dashboard?tab=reports",
      buildVersion: "0.1.0+abc1234",
      requestId: reference,
      failedRequestId: "req-12345678",
    });
  });

  it("redacts credentials a client error carries, as server logs do", async () => {
    const lines = await loggedErrors(() =>
      send(
        report({
          message: "fetch failed: https://www.googleapis.com/youtube/v3/channels?key=AIzaSECRET123",
          stack: "Error: Bearer abc.def.ghi-token",
        }),
        "203.0.113.2",
      ),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain("AIzaSECRET123");
    expect(text).not.toContain("abc.def.ghi-token");
    expect(text).toContain("key=[redacted]");
  });

  it("refuses reports over the size caps, naming the field", async () => {
    const res = await send(report({ message: "x".repeat(1_001) }), "203.0.113.3");
    expect(res.status).toBe(400);
    const body = errorEnvelopeSchema.parse(await res.json());
    expect(body.error.field).toBe("message");
    const huge = await send({ ...report(), componentStack: "y".repeat(20_000) }, "203.0.113.3");
    expect(huge.status).toBe(413);
  });

  it("refuses malformed reports: unknown kind, bad build version, not JSON", async () => {
    expect((await send(report({ kind: "other" as never }), "203.0.113.4")).status).toBe(400);
    expect((await send(report({ buildVersion: "<script>" }), "203.0.113.4")).status).toBe(400);
    expect((await send("{not json", "203.0.113.4")).status).toBe(400);
  });

  it("rate-limits one address to 20 reports a minute, without affecting another", async () => {
    const statuses: number[] = [];
    await loggedErrors(async () => {
      for (let i = 0; i < 22; i++) statuses.push((await send(report(), "198.51.100.9")).status);
    });
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await loggedErrors(() => send(report(), "198.51.100.10"))).length).toBe(1);
  });
});
