import { describe, expect, it } from "vitest";
import { csvCell, csvLine, exportFileName, tsvCell, tsvLine } from "../../shared/csv";

describe("CSV cells", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1 555", "'+1 555"],
    ["-cmd", "'-cmd"],
    ["@handle", "'@handle"],
    ["\tTabbed", "'\tTabbed"],
    ["\rReturn", '"\'\rReturn"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("%j -> %s", (input, output) => expect(csvCell(input)).toBe(output));

  it("keeps numbers as numbers, negatives included", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(1234.5)).toBe("1234.5");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("writes empty cells for missing values and ISO dates", () => {
    expect(csvLine([null, undefined, new Date("2026-01-02T03:04:05Z"), true])).toBe(
      ",,2026-01-02T03:04:05.000Z,true\r\n",
    );
  });
});

describe("clipboard and file names", () => {
  it("joins with tabs and flattens whitespace inside cells", () => {
    expect(tsvLine(["a\tb", "c\nd", 3, null])).toBe("a b\tc d\t3\t");
  });
  it.each([
    ["plain", "plain"],
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+1 555", "'+1 555"],
    ["-cmd", "'-cmd"],
    ["@handle", "'@handle"],
    ["\tTabbed", "' Tabbed"],
    ["\r\nLines", "' Lines"],
    ['say "hi", twice', 'say "hi", twice'],
    [-5, "-5"],
    [false, "false"],
    [new Date("2026-01-02T03:04:05Z"), "2026-01-02T03:04:05.000Z"],
  ])("clipboard cell %j -> %j (guarded like CSV, never quoted)", (input, output) =>
    expect(tsvCell(input)).toBe(output),
  );
  it("names downloads with the base and a timestamp on the organisation's clock", () => {
    const at = new Date("2026-11-22T10:42:07.123Z");
    expect(exportFileName("youtube_videos", "csv", "UTC", at)).toBe(
      "youtube_videos_2026-11-22T10-42-07.csv",
    );
    expect(exportFileName("youtube_videos", "csv", "America/Los_Angeles", at)).toBe(
      "youtube_videos_2026-11-22T02-42-07.csv",
    );
    // Past midnight in Tokyo: the day is the organisation's too.
    expect(exportFileName("simplecast_episodes", "json", "Asia/Tokyo", at)).toBe(
      "simplecast_episodes_2026-11-22T19-42-07.json",
    );
  });
});
