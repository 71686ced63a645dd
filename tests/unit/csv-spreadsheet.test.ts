import { describe, expect, it } from "vitest";
import { read, utils } from "xlsx";
import { CSV_BOM, csvHeaderLine, csvLine } from "../../shared/csv";
import {
  attachmentDisposition,
  fileNamePart,
  reportDownloadName,
} from "../../shared/report-file-name";

/*
 * SheetJS reads a CSV file's bytes the way Excel does when the file is double-clicked: UTF-8 only
 * when the file starts with a byte-order mark, the local code page otherwise. So reading our
 * bytes back with it shows what a spreadsheet user sees.
 */
const titles = ["Café Crème – épisode 1", "東京の夜", "Ünïcödé 🎙️ podcast", "=cmd|' /C calc'!A0"];
const fileBytes = (text: string) => new TextEncoder().encode(text);
const sheetRows = (bytes: Uint8Array) => {
  const book = read(bytes, { type: "array", raw: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
};

describe("CSV files open correctly in spreadsheets", () => {
  const csv =
    csvHeaderLine(["Title", "Views"]) + titles.map((t, i) => csvLine([t, i * 1000])).join("");

  it("starts with the UTF-8 byte-order mark", () => {
    expect([...fileBytes(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
  });

  it("reads back every non-ASCII title exactly, with the headings in the first row", () => {
    const rows = sheetRows(fileBytes(csv));
    expect(rows[0]).toEqual(["Title", "Views"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      titles[0],
      titles[1],
      titles[2],
      // The formula guard: shown as text, never run.
      "'=cmd|' /C calc'!A0",
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["0", "1000", "2000", "3000"]);
  });

  it("would garble the same file without the mark (what Excel did before)", () => {
    const rows = sheetRows(fileBytes(csv.slice(CSV_BOM.length)));
    expect(rows[1]?.[0]).not.toBe(titles[0]);
    expect(rows[1]?.[0]).toContain("Ã©");
  });
});

describe("report download names", () => {
  it("adds the report's title and creation time to the stored name", () => {
    const report = { title: "Weekly recap: Q4!", createdAt: "2026-11-22T10:42:07.123Z" };
    expect(reportDownloadName(report, "videos.csv", "UTC")).toBe(
      "weekly-recap-q4_2026-11-22_10-42-07_videos.csv",
    );
    // The organisation's clock, as the Reports list shows the time (2:42 AM in Los Angeles).
    expect(reportDownloadName(report, "data.json", "America/Los_Angeles")).toBe(
      "weekly-recap-q4_2026-11-22_02-42-07_data.json",
    );
  });

  it("keeps letters of any script and falls back to 'report'", () => {
    expect(fileNamePart("Café Crème / 東京")).toBe("café-crème-東京");
    expect(fileNamePart("  ***  ")).toBe("report");
    expect(fileNamePart("x".repeat(80))).toHaveLength(60);
  });

  it("two reports of one title made at different times get different names", () => {
    const a = reportDownloadName(
      { title: "Daily", createdAt: "2026-11-22T06:00:01Z" },
      "videos.csv",
      "UTC",
    );
    const b = reportDownloadName(
      { title: "Daily", createdAt: "2026-11-23T06:00:01Z" },
      "videos.csv",
      "UTC",
    );
    expect(a).not.toBe(b);
  });

  it("writes a Content-Disposition with an ASCII fallback and the exact name", () => {
    expect(attachmentDisposition('café "x".csv')).toBe(
      `attachment; filename="caf_ _x_.csv"; filename*=UTF-8''caf%C3%A9%20%22x%22.csv`,
    );
  });
});
