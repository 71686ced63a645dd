import { describe, expect, it } from "vitest";
import { parseChannelUrl } from "../../shared/channel-url";

const handleMessage = "Please provide a handle-based URL like https://www.youtube.com/@channelname";

describe("channel URLs", () => {
  it.each([
    ["https://www.youtube.com/@CrossCast", "@crosscast"],
    ["https://youtube.com/@demo.media/videos", "@demo.media"],
    ["  http://m.youtube.com/@abc_def  ", "@abc_def"],
    // Handles in any of YouTube's languages (Help: "Handle naming guidelines"), as typed and as
    // a browser's address bar copies them (percent-encoded UTF-8).
    ["https://www.youtube.com/@정국", "@정국"],
    ["https://www.youtube.com/@%EC%A0%95%EA%B5%AD/videos", "@정국"],
    ["https://www.youtube.com/@l·lorenç", "@l·lorenç"],
    ["https://www.youtube.com/@हिन्दी", "@हिन्दी"],
    ["https://www.youtube.com/@ÉCOLE-123", "@école-123"],
    ["https://www.youtube.com/@مرحبا١٢٣", "@مرحبا١٢٣"],
    // Decomposed (as macOS may type it) and composed name the same handle.
    ["https://www.youtube.com/@cafe\u0301s", "@cafés"],
    // 30 characters, counted as YouTube counts them: astral letters are one each, not two.
    [`https://www.youtube.com/@${"𝒜".repeat(30)}`, `@${"𝒜".repeat(30)}`],
    ["https://www.youtube.com/%40encoded-at", "@encoded-at"],
  ])("accepts %s", (url, handle) => expect(parseChannelUrl(url)).toEqual({ ok: true, handle }));

  it.each([
    ["not a url", "Invalid YouTube channel URL"],
    ["https://vimeo.com/@someone", "Invalid YouTube channel URL"],
    ["ftp://www.youtube.com/@someone", "Invalid YouTube channel URL"],
    ["https://www.youtube.com/channel/UC123", handleMessage],
    ["https://www.youtube.com/", handleMessage],
    // Malformed escapes: the same clear refusal, never an exception.
    ["https://www.youtube.com/@%EC%A0", handleMessage],
    ["https://www.youtube.com/@abc%zz", handleMessage],
    ["https://www.youtube.com/@%E0%A4%A", handleMessage],
    // Too short (Latin: under 3) or too long in characters; symbols and spaces are not letters.
    [`https://www.youtube.com/@${"𝒜".repeat(31)}`, handleMessage],
    ["https://www.youtube.com/@ab", handleMessage],
    ["https://www.youtube.com/@é1", handleMessage],
    ["https://www.youtube.com/@two%20words", handleMessage],
    ["https://www.youtube.com/@emoji😀x", handleMessage],
    // An encoded "/" does not end the handle early.
    ["https://www.youtube.com/@abc%2Fdef", handleMessage],
  ])("refuses %s", (url, message) =>
    expect(parseChannelUrl(url)).toEqual({ ok: false, message: message ?? handleMessage }),
  );
});
