import { describe, expect, it } from "vitest";
import { parseChannelUrl } from "../../shared/channel-url";

describe("channel URLs", () => {
  it.each([
    ["https://www.youtube.com/@CrossCast", "@crosscast"],
    ["https://youtube.com/@demo.media/videos", "@demo.media"],
    ["  http://m.youtube.com/@abc_def  ", "@abc_def"],
  ])("accepts %s", (url, handle) => expect(parseChannelUrl(url)).toEqual({ ok: true, handle }));

  it.each([
    ["not a url", "Invalid YouTube channel URL"],
    ["https://vimeo.com/@someone", "Invalid YouTube channel URL"],
    ["ftp://www.youtube.com/@someone", "Invalid YouTube channel URL"],
    [
      "https://www.youtube.com/channel/UC123",
      "Please provide a handle-based URL like https://www.youtube.com/@channelname",
    ],
    [
      "https://www.youtube.com/",
      "Please provide a handle-based URL like https://www.youtube.com/@channelname",
    ],
  ])("refuses %s", (url, message) => expect(parseChannelUrl(url)).toEqual({ ok: false, message }));
});
