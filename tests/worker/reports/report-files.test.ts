import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
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
