import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SimplecastClient } from "../../../worker/providers/simplecast/client";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import { TITLE_LIMIT } from "../../../worker/sandbox/seeded";

const length = (title: string) => Array.from(title).length;

describe("emulated catalogues look like real ones", () => {
  it("video titles carry emoji, accents, curly quotes, em dashes, RTL text, commas, quotes and line breaks, within 100 characters", async () => {
    const yt = new YouTubeClient("AIza-sandbox-good-key", providerFetch(env));
    const channel = (await yt.channelByHandle("@demomedia-daily"))!;
    const ids = (await yt.uploadIds(channel.uploadsPlaylistId!)).slice(0, 100);
    const titles = [];
    for (let i = 0; i < ids.length; i += 50)
      titles.push(...(await yt.videos(ids.slice(i, i + 50))));
    const all = titles.map((v) => v.title);
    const some = (re: RegExp) => all.some((t) => re.test(t));
    expect(some(/\p{Extended_Pictographic}/u)).toBe(true);
    expect(some(/[éèçøåöáíóúñễ]/)).toBe(true);
    expect(some(/[“”’]/)).toBe(true);
    expect(some(/—/)).toBe(true);
    expect(some(/[\u0590-\u05ff\u0600-\u06ff]/)).toBe(true);
    expect(some(/,/)).toBe(true);
    expect(some(/"/)).toBe(true);
    expect(some(/\n/)).toBe(true);
    expect(all.some((t) => length(t) === TITLE_LIMIT)).toBe(true);
    expect(all.every((t) => length(t) <= TITLE_LIMIT)).toBe(true);
  });

  it("podcast episodes of the same programmes carry the same kinds of titles", async () => {
    const sc = new SimplecastClient("sandbox-token", providerFetch(env));
    const [daily] = await sc.podcasts();
    const titles = (await sc.episodes(daily!.id)).map((e) => e.title);
    expect(titles.some((t) => /[\u0600-\u06ff\u0590-\u05ff]/.test(t))).toBe(true);
    expect(titles.some((t) => /[“”]/.test(t) && /—/.test(t))).toBe(true);
  });
});
