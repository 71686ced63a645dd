import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  FIRST_BUFFER_BYTES,
  PART_BYTES,
  ReportFileWriter,
  UPLOAD_SLICE_BYTES,
} from "../../../worker/features/reports/report-files";

const spec = (filename: string) => ({
  organizationId: crypto.randomUUID(),
  reportId: crypto.randomUUID(),
  kind: "child_csv" as const,
  filename,
  contentType: "text/csv; charset=utf-8",
});

async function sha256(bytes: ArrayBuffer | Uint8Array) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

describe("report files in R2", () => {
  it("uploads a file larger than a part in parts of exactly equal size, whatever the chunks", async () => {
    // Uneven chunks (R2 refuses a multipart upload whose parts before the last differ in size).
    const chunk = `${"x".repeat(700_001)}\r\n`;
    const chunks = Array.from({ length: Math.ceil((4 * PART_BYTES) / chunk.length) }, (_, i) =>
      i % 3 === 0 ? chunk : chunk.slice(0, 333_333 + i),
    );
    const writer = new ReportFileWriter(env.FILES, spec("big.csv"));
    for (const c of chunks) await writer.write(c);
    const { key, sizeBytes } = await writer.close();
    const expected = new TextEncoder().encode(chunks.join(""));
    expect(sizeBytes).toBe(expected.byteLength);
    expect(sizeBytes).toBeGreaterThan(2 * PART_BYTES);
    const object = await env.FILES.get(key);
    const stored = await object!.arrayBuffer();
    expect(stored.byteLength).toBe(expected.byteLength);
    expect(await sha256(stored)).toBe(await sha256(expected));
    expect(object!.httpMetadata?.contentType).toBe("text/csv; charset=utf-8");
  });

  it("stores a small file in one put, and an aborted upload leaves nothing behind", async () => {
    const small = new ReportFileWriter(env.FILES, spec("small.csv"));
    await small.write("a,b\r\n1,2\r\n");
    const { key } = await small.close();
    expect(await (await env.FILES.get(key))!.text()).toBe("a,b\r\n1,2\r\n");

    const aborted = new ReportFileWriter(env.FILES, spec("aborted.csv"));
    await aborted.write("y".repeat(PART_BYTES + 10));
    await aborted.abort();
    expect(await env.FILES.head(aborted.key)).toBeNull();
  });

  it("holds no more than a file smaller than a part needs, and one part for a larger file", async () => {
    // A buffer of a whole part per file held 5 MiB for a 300-byte channels.csv.
    const tiny = new ReportFileWriter(env.FILES, spec("channels.csv"));
    await tiny.write("Channel,Handle\r\nAlpha,@alpha\r\n");
    expect(tiny.heldBytes).toBe(FIRST_BUFFER_BYTES);
    await tiny.close();

    // A mid-sized file grows through several doublings and is stored byte for byte.
    const lines = Array.from(
      { length: 9000 },
      (_, i) => `row ${i},café – ${"x".repeat(i % 300)}\r\n`,
    );
    const mid = new ReportFileWriter(env.FILES, spec("videos.csv"));
    for (const line of lines) await mid.write(line);
    const { key, sizeBytes } = await mid.close();
    expect(sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(sizeBytes).toBeLessThan(PART_BYTES);
    expect(mid.heldBytes).toBeGreaterThanOrEqual(sizeBytes);
    expect(mid.heldBytes).toBeLessThan(2 * sizeBytes);
    const expected = new TextEncoder().encode(lines.join(""));
    expect(await sha256(await (await env.FILES.get(key))!.arrayBuffer())).toBe(
      await sha256(expected),
    );

    const large = new ReportFileWriter(env.FILES, spec("data.json"));
    await large.write("j".repeat(PART_BYTES + 10));
    expect(large.heldBytes).toBe(PART_BYTES);
    await large.abort();
  });

  it("lets other work have turns while a part uploads, not only once it is stored", async () => {
    // Locally R2 runs in the Worker's own workerd: a 5 MiB part handed over in one piece was
    // hashed and stored in one stretch, and every other request waited for it. A timer chain
    // started before the write stands for those requests; it must get turns during the upload.
    const writer = new ReportFileWriter(env.FILES, spec("turns.csv"));
    let writing = true;
    let turns = 0;
    const tick = () => {
      if (!writing) return;
      turns++;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    await writer.write("z".repeat(PART_BYTES + 10));
    writing = false;
    expect(turns).toBeGreaterThanOrEqual(PART_BYTES / UPLOAD_SLICE_BYTES);
    const { key, sizeBytes } = await writer.close();
    expect(sizeBytes).toBe(PART_BYTES + 10);
    expect((await (await env.FILES.get(key))!.arrayBuffer()).byteLength).toBe(PART_BYTES + 10);
  });
});
