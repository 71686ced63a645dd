import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/*
 * The YouTube emulator's own refusals, called directly (gap kind: emulator limits hidden by
 * client guards: our client never sends 51 ids or two filters, so these answers were never
 * seen). Shapes follow the Data API's error body: {error: {code, message, errors: [{reason}]}}.
 */
const KEY = "AIza-sandbox-good-key";
const api = (path: string) =>
  SELF.fetch(`http://localhost/sandbox/www.googleapis.com/youtube/v3/${path}&key=${KEY}`);
async function refusal(path: string) {
  const res = await api(path);
  const body = (await res.json()) as {
    error: { code: number; message: string; errors: Array<{ reason: string }> };
  };
  return {
    status: res.status,
    code: body.error.code,
    reason: body.error.errors[0]!.reason,
    message: body.error.message,
  };
}

async function uploadsOf(handle: string) {
  const channel = await api(`channels?part=contentDetails&forHandle=${handle}`);
  return (
    (await channel.json()) as {
      items: Array<{ contentDetails: { relatedPlaylists: { uploads: string } } }>;
    }
  ).items[0]!.contentDetails.relatedPlaylists.uploads;
}

describe("YouTube emulator refusals", () => {
  it("videos.list: more than 50 ids is invalidFilters; 50 is answered", async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `vid${i}`).join(",");
    expect(await refusal(`videos?part=statistics&id=${ids(51)}`)).toEqual({
      status: 400,
      code: 400,
      reason: "invalidFilters",
      message: "The request specifies too many video ids.",
    });
    expect((await api(`videos?part=statistics&id=${ids(50)}`)).status).toBe(200);
  });

  it("videos.list without any filter is missingRequiredParameter", async () => {
    expect(await refusal("videos?part=statistics")).toMatchObject({
      status: 400,
      reason: "missingRequiredParameter",
    });
  });

  it("channels.list needs exactly one filter", async () => {
    for (const path of ["channels?part=snippet", "channels?part=snippet&forHandle=@a&id=UCx"])
      expect(await refusal(path), path).toMatchObject({
        status: 400,
        reason: "incompatibleParameters",
      });
  });

  it("playlistItems.list without a playlist, or with a forged page token, is refused", async () => {
    expect(await refusal("playlistItems?part=snippet")).toMatchObject({
      status: 400,
      reason: "missingRequiredParameter",
    });
    const uploads = await uploadsOf("@bench-60");
    expect(
      await refusal(`playlistItems?part=snippet&playlistId=${uploads}&pageToken=forged`),
    ).toMatchObject({ status: 400, reason: "invalidPageToken" });
  });

  it("playlistItems.list keeps maxResults within 0..50 (invalidParameter), never clamping", async () => {
    const uploads = await uploadsOf("@bench-60");
    // playlistItems.list.parameters.maxResults: uint32, minimum 0, maximum 50.
    for (const value of ["51", "1000", "-1", "abc", "2.5", ""])
      expect(
        await refusal(`playlistItems?part=snippet&playlistId=${uploads}&maxResults=${value}`),
        value,
      ).toEqual({
        status: 400,
        code: 400,
        reason: "invalidParameter",
        message: `Invalid value '${value}' for maxResults. Values must be within the range: [0, 50]`,
      });
    const full = await api(`playlistItems?part=snippet&playlistId=${uploads}&maxResults=50`);
    expect(((await full.json()) as { items: unknown[] }).items).toHaveLength(50);
  });

  it("playlistItems.list with maxResults=0 answers the count and no next page", async () => {
    const uploads = await uploadsOf("@bench-60");
    const res = await api(`playlistItems?part=snippet&playlistId=${uploads}&maxResults=0`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ items: [], pageInfo: { totalResults: 60, resultsPerPage: 0 } });
    // A token here would name the same empty page again: a client would loop forever.
    expect(body).not.toHaveProperty("nextPageToken");
  });

  it("every list needs `part` (400 required) and knows only the resource's parts", async () => {
    const uploads = await uploadsOf("@bench-60");
    for (const path of [
      "channels?forHandle=@bench-60",
      `playlistItems?playlistId=${uploads}`,
      "videos?id=vid0",
      "videos?part=&id=vid0",
    ])
      expect(await refusal(path), path).toEqual({
        status: 400,
        code: 400,
        reason: "required",
        message: "Required parameter: part",
      });
    expect(await refusal("videos?part=snippet,views&id=vid0")).toMatchObject({
      status: 400,
      reason: "unknownPart",
      message: "The request specifies an unknown part: 'views'.",
    });
  });

  it("answers kind, etag and id plus the parts asked for, and no others", async () => {
    type List = { items: Array<Record<string, unknown>> };
    const keysOf = async (path: string) =>
      ((await (await api(path)).json()) as List).items.map((item) => Object.keys(item).sort());
    const uploads = await uploadsOf("@bench-60");
    expect(await keysOf("channels?part=statistics&forHandle=@bench-60")).toEqual([
      ["etag", "id", "kind", "statistics"],
    ]);
    // part is repeatable as well as comma-separated (`repeated: true`).
    expect(await keysOf("channels?part=snippet&part=contentDetails&forHandle=@bench-60")).toEqual([
      ["contentDetails", "etag", "id", "kind", "snippet"],
    ]);
    const items = await keysOf(
      `playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=3`,
    );
    expect(items).toEqual(Array(3).fill(["contentDetails", "etag", "id", "kind"]));
    const page = (await (
      await api(`playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=2`)
    ).json()) as { items: Array<{ contentDetails: { videoId: string } }> };
    const ids = page.items.map((item) => item.contentDetails.videoId).join(",");
    expect(await keysOf(`videos?part=id&id=${ids}`)).toEqual(Array(2).fill(["etag", "id", "kind"]));
    expect(await keysOf(`videos?part=statistics,contentDetails&id=${ids}`)).toEqual(
      Array(2).fill(["contentDetails", "etag", "id", "kind", "statistics"]),
    );
  });
});
