import { describe, expect, it } from "vitest";
import { titleWords, wholeTitleWords } from "../../shared/title-similarity";

/*
 * titleWords reads a title a character at a time (shared/title-similarity.ts). These tests hold
 * it to the definition applied to the whole title at once (wholeTitleWords), itself pinned by the
 * cases below.
 */
const definition = wholeTitleWords;

describe("title words", () => {
  it.each([
    ["Don't stop — Don’t STOP", ["dont", "stop"]],
    ["Café CAFÉ cafe\u0301", ["cafe"]],
    ["ΟΔΟΣ ΟΔΟΣ.", ["οδος"]],
    ["ΣΑΣ ϹΑϹ", ["σας"]],
    ["Brand™ ½ ﬁnal ①", ["brandtm", "1", "2", "final"]],
    ["İstanbul ıı ẞ", ["istanbul", "ıı", "ß"]],
    ["Live Q&A #12 🚀\nחדשות הטכנולוגיה", ["live", "q", "a", "12", "חדשות", "הטכנולוגיה"]],
    ["", []],
  ])("%j reads as %j", (title, words) => {
    expect(titleWords(title)).toEqual(words);
    expect(definition(title)).toEqual(words);
  });

  // Every assigned plane (Unicode 16: up to plane 3, and plane 14's tags and variation selectors).
  const codes = function* () {
    for (let code = 0; code <= 0x323af; code++) if (code < 0xd800 || code > 0xdfff) yield code;
    for (let code = 0xe0000; code <= 0xe01ef; code++) yield code;
  };

  it("reads every character as the definition does, alone and between letters", () => {
    const differences: string[] = [];
    for (const code of codes()) {
      const c = String.fromCodePoint(code);
      for (const title of [c, `A${c}b`]) {
        const got = titleWords(title);
        const want = definition(title);
        if (got.join("\u0000") !== want.join("\u0000") && differences.length < 5)
          differences.push(
            `U+${code.toString(16)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`,
          );
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it("reads random titles of awkward characters as the definition does", () => {
    const pool = [
      ..."abcXYZ019 '’-—–“”…½™ﬁ①ＡéÉİıßẞΣσςΟΔ.:ǅǈשׁ\u200d\n\t&#",
      "e\u0301",
      "\u0345",
      "\u05b0",
      "\u212a",
      "\u017f",
      "\u03f9",
      "🚀",
      "\ud83d", // a lone surrogate
    ];
    let seed = 1;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const differences: string[] = [];
    for (let n = 0; n < 50_000; n++) {
      let title = "";
      const length = 1 + Math.floor(next() * 14);
      for (let k = 0; k < length; k++) title += pool[Math.floor(next() * pool.length)];
      if (titleWords(title).join("\u0000") !== definition(title).join("\u0000"))
        differences.push(JSON.stringify(title));
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
