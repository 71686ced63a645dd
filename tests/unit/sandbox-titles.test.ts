import { describe, expect, it } from "vitest";
import { programmeTitle, TITLE_LIMIT } from "../../worker/sandbox/seeded";

/*
 * The sandbox's programme titles stand in for real catalogues, which are not plain ASCII: every
 * path that shows, searches or exports titles must meet each kind the generator promises, in a
 * channel of a few hundred videos.
 */

const titles = Array.from({ length: 300 }, (_, i) => programmeTitle(7, i + 1));
const some = (pattern: RegExp) => titles.filter((t) => pattern.test(t)).length;

describe("the sandbox's programme titles", () => {
  it("include Arabic and Hebrew titles, both right to left, in one channel", () => {
    expect(some(/[\u0600-\u06ff]/)).toBeGreaterThan(10);
    expect(some(/[\u0590-\u05ff]/)).toBeGreaterThan(10);
  });

  it("include emoji, accents, curly quotes, straight quotes and line breaks", () => {
    for (const pattern of [/\p{Extended_Pictographic}/u, /[éè]/, /[“”]/, /"/, /\n/])
      expect(some(pattern), String(pattern)).toBeGreaterThan(10);
  });

  it("stay within YouTube's title limit", () => {
    expect(Math.max(...titles.map((t) => Array.from(t).length))).toBeLessThanOrEqual(TITLE_LIMIT);
  });
});
