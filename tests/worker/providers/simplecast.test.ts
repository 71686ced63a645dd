import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SimplecastClient, SimplecastError } from "../../../worker/providers/simplecast/client";
import { providerFetch } from "../../../worker/providers/transport";

const client = (key = "sandbox-good-token", sleep: (ms: number) => Promise<void> = async () => undefined) => new SimplecastClient(key, providerFetch(env), { sleep, maxRetries: 2 });

async function failure(promise: Promise<unknown>): Promise<SimplecastError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SimplecastError) return error;
    throw error;
  }
  throw new Error("expected a SimplecastError");
}

describe("Simplecast client against the emulator", () => {
  it("lists the account's podcasts", async () => {
    const podcasts = await client().podcasts();
    expect(podcasts.map((p) => p.title)).toContain("Demo Media Daily");
    expect(podcasts.length).toBe(4);
  });

  it("pages through every episode, newest first, with seasons and numbers", async () => {
    const daily = (await client().podcasts()).find((p) => p.title === "Demo Media Daily")!;
    const episodes = await client().episodes(daily.id);
    expect(episodes).toHaveLength(180);
    expect(new Set(episodes.map((e) => e.externalId)).size).toBe(180);
    expect(episodes[0]!.publishDate.getTime()).toBeGreaterThan(episodes[179]!.publishDate.getTime());
    expect(episodes[0]).toMatchObject({ episodeNumber: 180, seasonNumber: 4 });
  });

  it("reads daily downloads and plan-gated listeners", async () => {
    const daily = (await client().podcasts()).find((p) => p.title === "Demo Media Daily")!;
    const [latest, , , older] = await client().episodes(daily.id);
    const start = older!.publishDate.toISOString().slice(0, 10);
    const rows = await client().episodeDailyDownloads(older!.externalId, start, new Date().toISOString().slice(0, 10));
    expect(rows[0]!.date).toBe(start);
    expect(rows.every((r) => r.downloads >= 0)).toBe(true);
    expect(rows.reduce((s, r) => s + r.downloads, 0)).toBeGreaterThan(0);
    expect(await client().episodeListeners(latest!.externalId)).toEqual(expect.any(Number));
    expect(await client("sandbox-basic-plan").episodeListeners(latest!.externalId)).toBeNull();
  });

  it("maps an invalid key to the spec's message without retrying", async () => {
    const error = await failure(client("sandbox-invalid-key").podcasts());
    expect(error.kind).toBe("invalid_key");
    expect(error.message).toBe("Invalid API key or unable to connect to Simplecast");
  });

  it("retries rate limits and server errors, then gives up", async () => {
    const waits: number[] = [];
    const limited = await failure(client("sandbox-rate-limited", async (ms) => void waits.push(ms)).podcasts());
    expect(limited.kind).toBe("rate_limited");
    expect(waits).toEqual([1000, 1000]);
    const down = await failure(client("sandbox-server-error").podcasts());
    expect(down).toMatchObject({ kind: "unavailable", message: "Failed to connect to Simplecast" });
  });

  it("answers not found for an unknown podcast", async () => {
    expect((await failure(client().episodes("no-such-podcast"))).kind).toBe("not_found");
  });
});
