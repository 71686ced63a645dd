import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SimplecastClient, SimplecastError } from "../../../worker/providers/simplecast/client";
import { type Fetcher, providerFetch } from "../../../worker/providers/transport";
import { failureOf } from "../support/errors";

type Options = ConstructorParameters<typeof SimplecastClient>[2];
const client = (key = "sandbox-good-token", opts: Options = {}) =>
  new SimplecastClient(key, providerFetch(env), {
    sleep: async () => undefined,
    maxRetries: 2,
    ...opts,
  });
const today = () => new Date().toISOString().slice(0, 10);

const failure = (promise: Promise<unknown>) => failureOf(promise, SimplecastError);

/** The real transport, recording each request (observing, not replacing, the API). */
function recording(): { fetcher: Fetcher; requests: Request[] } {
  const requests: Request[] = [];
  const inner = providerFetch(env);
  return {
    requests,
    fetcher: (input, init) => {
      requests.push(new Request(input, init));
      return inner(input, init);
    },
  };
}

async function demoDaily(sc = client()) {
  return (await sc.podcasts()).find((p) => p.title === "Demo Media Daily")!;
}

describe("Simplecast client against the emulator", () => {
  it("lists the account's podcasts with the bearer key", async () => {
    const { fetcher, requests } = recording();
    const podcasts = await new SimplecastClient("sandbox-good-token", fetcher).podcasts();
    expect(podcasts.map((p) => p.title)).toEqual(
      expect.arrayContaining(["Demo Media Daily", "Demo Media Tech Talk"]),
    );
    expect(podcasts.length).toBe(4);
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer sandbox-good-token");
  });

  it("pages through every episode (past 100) following pages.next, newest first", async () => {
    const { fetcher, requests } = recording();
    const sc = new SimplecastClient("sandbox-good-token", fetcher);
    const daily = await demoDaily(sc);
    const episodes = await sc.episodes(daily.id);
    expect(episodes).toHaveLength(180);
    expect(new Set(episodes.map((e) => e.externalId)).size).toBe(180);
    const pages = requests.filter((r) => new URL(r.url).pathname.endsWith("/episodes"));
    expect(pages.map((r) => new URL(r.url).searchParams.get("offset"))).toEqual(["0", "100"]);
    const dates = episodes.map((e) => e.publishDate.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates[0]).toBeLessThanOrEqual(Date.now());
    expect(episodes[0]!.episodeNumber).toBeGreaterThan(episodes[179]!.episodeNumber!);
    expect(episodes.every((e) => e.seasonNumber! >= 1 && e.durationSeconds! > 0)).toBe(true);
  });

  it("re-bases hypermedia links onto its own base URL (the key never leaves for another host)", async () => {
    const { fetcher, requests } = recording();
    const sc = new SimplecastClient("sandbox-good-token", fetcher, {
      baseUrl: "http://api.simplecast.com",
    });
    expect(await sc.episodes((await demoDaily()).id)).toHaveLength(180);
    expect(requests.every((r) => r.url.startsWith("http://api.simplecast.com/"))).toBe(true);
  });

  it("reads daily downloads per episode and per podcast, over a year of history", async () => {
    const sc = client();
    const daily = await demoDaily(sc);
    const episodes = await sc.episodes(daily.id);
    const oldest = episodes.at(-1)!;
    const start = oldest.publishDate.toISOString().slice(0, 10);
    const rows = await sc.episodeDailyDownloads(oldest.externalId, start, today());
    expect(rows[0]!.date).toBe(start);
    expect(rows.at(-1)!.date).toBe(today());
    expect(rows.length).toBeGreaterThan(365);
    expect(rows.every((r) => r.downloads >= 0)).toBe(true);
    // The podcast's series is the sum of its episodes' series.
    const newest = episodes.slice(0, 3);
    const since = newest.at(-1)!.publishDate.toISOString().slice(0, 10);
    const perEpisode = await Promise.all(
      newest.map((e) => sc.episodeDailyDownloads(e.externalId, since, today())),
    );
    const podcastRows = await sc.podcastDailyDownloads(daily.id, today(), today());
    const todayTotal = perEpisode
      .flat()
      .filter((r) => r.date === today())
      .reduce((s, r) => s + r.downloads, 0);
    expect(podcastRows).toHaveLength(1);
    expect(podcastRows[0]!.downloads).toBeGreaterThanOrEqual(todayTotal);
  });

  it("reads listeners where the plan has them, and stops asking once the plan says no", async () => {
    const [latest] = await client().episodes((await demoDaily()).id);
    expect(await client().episodeListeners(latest!.externalId)).toEqual(expect.any(Number));
    const { fetcher, requests } = recording();
    const basic = new SimplecastClient("sandbox-basic-plan", fetcher);
    expect(await basic.episodeListeners(latest!.externalId)).toBeNull();
    expect(await basic.episodeListeners(latest!.externalId)).toBeNull();
    expect(requests.filter((r) => r.url.includes("/analytics/listeners"))).toHaveLength(1);
  });

  it("maps an invalid key to the spec's message without retrying", async () => {
    const { fetcher, requests } = recording();
    const error = await failure(
      new SimplecastClient("sandbox-invalid-key", fetcher, { maxRetries: 2 }).podcasts(),
    );
    expect(error).toMatchObject({
      kind: "invalid_key",
      status: 401,
      message: "Invalid API key or unable to connect to Simplecast",
    });
    expect(requests).toHaveLength(1);
  });

  it("retries rate limits (Retry-After) and server errors with backoff, then gives up", async () => {
    const waits: number[] = [];
    const limited = await failure(
      client("sandbox-rate-limited", { sleep: async (ms) => void waits.push(ms) }).podcasts(),
    );
    expect(limited).toMatchObject({ kind: "rate_limited", status: 429, retryAfterSeconds: 1 });
    expect(waits).toEqual([1000, 1000]);
    const down = await failure(
      client("sandbox-server-error", { sleep: async (ms) => void waits.push(ms) }).podcasts(),
    );
    expect(down).toMatchObject({
      kind: "unavailable",
      status: 503,
      message: "Failed to connect to Simplecast",
    });
    expect(waits.slice(2)).toEqual([500, 1000]);
  });

  it("maps malformed JSON and timeouts to retryable failures", async () => {
    expect(await failure(client("sandbox-malformed-json").podcasts())).toMatchObject({
      kind: "malformed",
      retryable: true,
    });
    expect(
      await failure(client("sandbox-timeout", { maxRetries: 0, timeoutMs: 50 }).podcasts()),
    ).toMatchObject({ kind: "timeout", status: 0, message: "Simplecast did not answer in time" });
  });

  it("answers not found for an unknown podcast or episode", async () => {
    expect((await failure(client().episodes("no-such-podcast"))).kind).toBe("not_found");
    expect(
      (await failure(client().episodeDailyDownloads("sbxep-zz-nothing", "2026-01-01", today())))
        .kind,
    ).toBe("not_found");
  });
});
