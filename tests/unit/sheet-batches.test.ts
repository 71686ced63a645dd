import { describe, expect, it } from "vitest";
import { SheetRowBatches } from "../../worker/features/reports/sheet-batches";

/** Every row through the batches, as the export sends them: full requests, then the rest. */
function requests(rows: unknown[][], limit: number) {
  const batches = new SheetRowBatches(limit);
  const sent: unknown[][][] = [];
  for (const row of rows) {
    const full = batches.add(row);
    if (full) sent.push(full);
  }
  const rest = batches.take();
  if (rest.length > 0) sent.push(rest);
  return sent;
}

/** The bytes of one values.append request body as the Sheets client sends it. */
const bodyBytes = (values: unknown[][]) =>
  new TextEncoder().encode(JSON.stringify({ majorDimension: "ROWS", values })).byteLength;

describe("rows for Google Sheets, batched by request size", () => {
  const rows = Array.from({ length: 5_000 }, (_, i) => [
    `Vidéo n° ${i} — “Café” 🎧`,
    "Demo Media Daily",
    i * 37,
    i % 11,
    "2026-11-29 10:15",
  ]);

  it("sends every row once, in order, each request within the limit in UTF-8 bytes", () => {
    const limit = 20_000;
    const sent = requests(rows, limit);
    expect(sent.flat()).toEqual(rows);
    for (const values of sent) expect(bodyBytes(values)).toBeLessThanOrEqual(limit);
    // Full requests: another row would not have fitted in any of them.
    for (const [i, values] of sent.slice(0, -1).entries())
      expect(bodyBytes([...values, sent[i + 1]![0]!])).toBeGreaterThan(limit);
  });

  it("fills a request by bytes, not by a count of rows: long titles, fewer rows", () => {
    const long = rows.map((r) => [`${r[0]} ${"ü".repeat(300)}`, ...r.slice(1)]);
    const short = requests(rows, 50_000);
    const wide = requests(long, 50_000);
    expect(wide.length).toBeGreaterThan(short.length * 3);
    for (const values of wide) expect(bodyBytes(values)).toBeLessThanOrEqual(50_000);
  });

  it("sends a row larger than the limit alone, for Google to refuse in its own words", () => {
    const huge = ["x".repeat(5_000)];
    const sent = requests([["a"], huge, ["b"]], 1_000);
    expect(sent).toEqual([[["a"]], [huge], [["b"]]]);
  });

  it("sends nothing for no rows", () => {
    expect(requests([], 1_000)).toEqual([]);
  });
});
