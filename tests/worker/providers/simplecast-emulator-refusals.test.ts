import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/*
 * The Simplecast emulator's own refusals, called directly (gap kind: emulator limits hidden by
 * client guards: our client always sends a good key, a listed podcast, paired dates and its own
 * paging, so these answers were never seen). Statuses follow the reference (401 bad token, 404
 * not found or plan-gated, 429 rate limited); the body shape is undocumented, so only `error`.
 */
const KEY = "sandbox-refusals-token";
const OTHER_KEY = "sandbox-another-account";
const BASE = "http://localhost/sandbox/api.simplecast.com";
/** `key` goes in a Bearer header; `null` sends none; `{ raw }` sends that header as it is. */
const api = (path: string, key: string | null | { raw: string } = KEY) =>
  SELF.fetch(`${BASE}${path}`, {
    headers:
      key === null ? {} : { authorization: typeof key === "string" ? `Bearer ${key}` : key.raw },
  });

type Podcast = { id: string; title: string };
type Page<T> = {
  count: number;
  pages: { limit: number; current: number; next: { href: string } | null };
  collection: T[];
};

async function podcasts(key = KEY): Promise<Podcast[]> {
  return ((await (await api("/podcasts?limit=100", key)).json()) as Page<Podcast>).collection;
}
/** This account's podcast that no other account holds (the demo ones are in every account). */
const ownPodcast = async (key = KEY) =>
  (await podcasts(key)).find((p) => p.title.startsWith("Studio"))!;
const firstEpisode = async (podcastId: string) =>
  ((await (await api(`/podcasts/${podcastId}/episodes?limit=1`)).json()) as Page<{ id: string }>)
    .collection[0]!;

async function refusal(res: Response) {
  const body = (await res.json()) as { error: string };
  return { status: res.status, error: body.error };
}

describe("Simplecast emulator refusals", () => {
  it("no bearer token, another scheme, or a bad token is 401 on every endpoint", async () => {
    const podcast = await ownPodcast();
    for (const path of [
      "/podcasts",
      `/podcasts/${podcast.id}`,
      `/podcasts/${podcast.id}/episodes`,
      `/analytics/downloads?podcast=${podcast.id}`,
      `/analytics/listeners?podcast=${podcast.id}`,
    ]) {
      for (const key of [null, "", "sandbox-invalid-key", { raw: `Basic ${KEY}` }, { raw: KEY }])
        expect(await refusal(await api(path, key)), `${path} with ${JSON.stringify(key)}`).toEqual({
          status: 401,
          error: "unauthorized",
        });
    }
    expect((await api("/podcasts")).status).toBe(200);
  });

  it("a rate-limited key is 429 with Retry-After", async () => {
    const res = await api("/podcasts", "sandbox-rate-limited");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await refusal(res)).toEqual({ status: 429, error: "rate_limited" });
  });

  it("an unknown podcast is 404 for the podcast, its episodes and its reports", async () => {
    for (const path of [
      "/podcasts/no-such-podcast",
      "/podcasts/sbxpod-!!!/episodes",
      "/analytics/downloads?podcast=no-such-podcast&interval=day",
      "/analytics/listeners?podcast=no-such-podcast",
      "/analytics/downloads?interval=day",
    ])
      expect(await refusal(await api(path)), path).toEqual({ status: 404, error: "not_found" });
  });

  it("another account's podcast and episodes are 404: a token reads only its own account", async () => {
    const theirs = await ownPodcast(OTHER_KEY);
    expect((await podcasts()).map((p) => p.id)).not.toContain(theirs.id);
    const episode = (
      (await (await api(`/podcasts/${theirs.id}/episodes?limit=1`, OTHER_KEY)).json()) as Page<{
        id: string;
      }>
    ).collection[0]!;
    for (const path of [
      `/podcasts/${theirs.id}`,
      `/podcasts/${theirs.id}/episodes`,
      `/analytics/downloads?podcast=${theirs.id}&interval=day`,
      `/analytics/downloads?episode=${episode.id}&interval=day`,
      `/analytics/listeners?episode=${episode.id}`,
    ]) {
      expect(await refusal(await api(path)), path).toEqual({ status: 404, error: "not_found" });
      expect((await api(path, OTHER_KEY)).status, `${path} for its owner`).toBe(200);
    }
  });

  it("an unknown episode is 404 in the downloads and listeners reports", async () => {
    const podcast = await ownPodcast();
    const known = await firstEpisode(podcast.id);
    const unknown = known.id.replace(/^sbxep-[0-9a-z]+-/, "sbxep-zzzzzz-");
    for (const report of ["downloads", "listeners"]) {
      expect(await refusal(await api(`/analytics/${report}?episode=${unknown}`))).toEqual({
        status: 404,
        error: "not_found",
      });
      expect((await api(`/analytics/${report}?episode=${known.id}`)).status).toBe(200);
    }
  });

  it("listener reports are 404 on a basic plan while downloads still answer", async () => {
    const podcast = await ownPodcast("sandbox-basic-plan");
    const listeners = await api(`/analytics/listeners?podcast=${podcast.id}`, "sandbox-basic-plan");
    expect(await refusal(listeners)).toEqual({ status: 404, error: "not_found" });
    const downloads = await api(
      `/analytics/downloads?podcast=${podcast.id}&interval=day`,
      "sandbox-basic-plan",
    );
    expect(downloads.status).toBe(200);
  });

  it("report dates must be real YYYY-MM-DD days, the start not after the end", async () => {
    const podcast = await ownPodcast();
    const report = (query: string) =>
      api(`/analytics/downloads?podcast=${podcast.id}&interval=day&${query}`);
    for (const query of [
      "start_date=2026-13-01",
      "start_date=2026-02-30",
      "end_date=yesterday",
      "start_date=2026-1-5",
      "start_date=2026-05-02&end_date=2026-05-01",
    ])
      expect(await refusal(await report(query)), query).toEqual({
        status: 400,
        error: "bad_request",
      });
    expect(
      await refusal(
        await api(`/analytics/listeners?podcast=${podcast.id}&start_date=2026-05-02&end_date=x`),
      ),
    ).toEqual({ status: 400, error: "bad_request" });
    // The same day as start and end is that day's row, not a refusal.
    const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const oneDay = (await (await report(`start_date=${day}&end_date=${day}`)).json()) as {
      by_interval: Array<{ interval: string }>;
    };
    expect(oneDay.by_interval.map((r) => r.interval)).toEqual([day]);
  });

  it("paging: a limit that is not a number is the default 10; past the end is an empty page", async () => {
    const podcast = await ownPodcast();
    const pageOf = async (query: string) =>
      (await (await api(`/podcasts/${podcast.id}/episodes?${query}`)).json()) as Page<{
        id: string;
      }>;
    const garbage = await pageOf("limit=lots&offset=-5");
    expect(garbage.pages).toMatchObject({ limit: 10, current: 1 });
    expect(garbage.collection).toHaveLength(10);
    expect(garbage.pages.next?.href).toMatch(/limit=10&offset=10$/);
    const past = await pageOf(`limit=10&offset=${garbage.count}`);
    expect(past).toMatchObject({ count: garbage.count, collection: [], pages: { next: null } });
    const capped = await pageOf("limit=100000");
    expect(capped.pages.limit).toBe(1000);
    expect(capped.collection).toHaveLength(capped.count);
  });
});
