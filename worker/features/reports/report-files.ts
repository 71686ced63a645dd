import { and, eq, inArray } from "drizzle-orm";
import type { reportFileKinds } from "../../../shared/schemas/enums";
import { idChunks } from "../../db/batch";
import type { Db } from "../../db/client";
import { reportFiles } from "../../db/schema";
import { yieldTurn } from "../../db/turn";

/*
 * The report file pipeline shared by one-time, recurring and multi-channel reports: text produced
 * chunk by chunk goes to R2 without ever holding the whole file. A small file is one put; a file
 * that outgrows one part becomes a multipart upload. R2 requires every part but the last to have
 * exactly the same size (else completeMultipartUpload fails with error 10048), so the bytes are cut
 * into parts of exactly PART_BYTES whatever the chunks' sizes, and memory stays at one part.
 */

export type ReportFileKind = (typeof reportFileKinds)[number];

export type ReportFileSpec = {
  organizationId: string;
  reportId: string;
  kind: ReportFileKind;
  filename: string;
  contentType: string;
};

/** R2's smallest part (except the last); every part but the last has exactly this size. */
export const PART_BYTES = 5 * 1024 * 1024;

/** Every report object lives under `reports/{orgId}/` (ARCHITECTURE.md section 10), so cleanup and audits scope by org. */
export const reportFileKey = (organizationId: string, reportId: string, filename: string) =>
  `reports/${organizationId}/${reportId}/${filename}`;

const encoder = new TextEncoder();

/**
 * A file's buffer starts this small and doubles as the file grows, up to one part. Most report
 * files are far smaller than a part (a report's channels.csv is a few hundred bytes, a 2,000-video
 * videos.csv about 0.4 MB), and a buffer of a whole part for each of them held 5 MiB per file: a
 * report writes three at once, and reports of several organisations can share an isolate.
 */
export const FIRST_BUFFER_BYTES = 64 * 1024;

/** How much of a part goes to R2 between two turns for other requests. */
export const UPLOAD_SLICE_BYTES = 256 * 1024;

/**
 * Uploads one part as a stream of its known length, fed a slice at a time with a turn for other
 * requests after each (see yieldTurn). Locally R2 runs in the Worker's own workerd process: a
 * 5 MiB part handed over in one piece was hashed and written to disk in one stretch that held
 * every other request (a 100,000-video report writes 16 parts, 0.2-1 s each on a loaded machine).
 */
export async function uploadInSlices(
  upload: R2MultipartUpload,
  partNumber: number,
  bytes: Uint8Array,
): Promise<R2UploadedPart> {
  const { readable, writable } = new FixedLengthStream(bytes.byteLength);
  const uploaded = upload.uploadPart(partNumber, readable);
  const feed = async () => {
    const writer = writable.getWriter();
    for (let at = 0; at < bytes.byteLength; at += UPLOAD_SLICE_BYTES) {
      await writer.write(bytes.subarray(at, at + UPLOAD_SLICE_BYTES));
      await yieldTurn();
    }
    await writer.close();
  };
  // If R2 refuses the part, its rejection wins; the feed's own failure then is the same one.
  const [part] = await Promise.all([uploaded, feed()]);
  return part;
}

/**
 * One report file being written: `write` text as it is produced, then `close` (or `abort` on
 * failure, so no half-uploaded object is left behind). Holds at most one part in memory, and no
 * more than the file needs while it is smaller than a part (see FIRST_BUFFER_BYTES).
 */
export class ReportFileWriter {
  readonly key: string;
  sizeBytes = 0;
  private part = new Uint8Array(0);
  private filled = 0;
  private upload: R2MultipartUpload | undefined;
  private readonly parts: R2UploadedPart[] = [];
  private readonly httpMetadata: R2HTTPMetadata;

  constructor(
    private readonly files: R2Bucket,
    readonly spec: ReportFileSpec,
  ) {
    this.key = reportFileKey(spec.organizationId, spec.reportId, spec.filename);
    this.httpMetadata = {
      contentType: spec.contentType,
      contentDisposition: `attachment; filename="${spec.filename}"`,
    };
  }

  async write(text: string): Promise<void> {
    const bytes = encoder.encode(text);
    this.sizeBytes += bytes.byteLength;
    let offset = 0;
    while (offset < bytes.byteLength) {
      this.makeRoom(bytes.byteLength - offset);
      const n = Math.min(this.part.byteLength - this.filled, bytes.byteLength - offset);
      this.part.set(bytes.subarray(offset, offset + n), this.filled);
      this.filled += n;
      offset += n;
      if (this.filled === PART_BYTES) await this.flushPart();
    }
  }

  /** The bytes held for the part being filled (what the buffer has grown to). */
  get heldBytes(): number {
    return this.part.byteLength;
  }

  /** Grows the buffer (doubling, at most to a part) so that `wanted` more bytes fit, if they can. */
  private makeRoom(wanted: number): void {
    const needed = this.filled + wanted;
    if (needed <= this.part.byteLength || this.part.byteLength === PART_BYTES) return;
    let size = Math.max(FIRST_BUFFER_BYTES, this.part.byteLength);
    while (size < needed && size < PART_BYTES) size *= 2;
    const grown = new Uint8Array(Math.min(size, PART_BYTES));
    grown.set(this.part.subarray(0, this.filled));
    this.part = grown;
  }

  private async flushPart(): Promise<void> {
    this.upload ??= await this.files.createMultipartUpload(this.key, {
      httpMetadata: this.httpMetadata,
    });
    // Awaited before the buffer is reused, so the part's bytes are never overwritten in flight.
    this.parts.push(
      await uploadInSlices(this.upload, this.parts.length + 1, this.part.subarray(0, this.filled)),
    );
    this.filled = 0;
  }

  async close(): Promise<{ key: string; sizeBytes: number }> {
    if (this.upload) {
      if (this.filled > 0) await this.flushPart();
      await this.upload.complete(this.parts);
    } else {
      await this.files.put(this.key, this.part.subarray(0, this.filled), {
        httpMetadata: this.httpMetadata,
      });
    }
    return { key: this.key, sizeBytes: this.sizeBytes };
  }

  async abort(): Promise<void> {
    if (this.upload) await this.upload.abort().catch(() => undefined);
  }
}

/** Lists a written file on its report (a re-run overwrites the same key's row). */
export async function recordReportFile(
  db: Db,
  file: ReportFileWriter,
  rowCount: number | null,
): Promise<void> {
  await db
    .insert(reportFiles)
    .values({ ...file.spec, r2Key: file.key, sizeBytes: file.sizeBytes, rowCount })
    .onConflictDoUpdate({
      target: reportFiles.r2Key,
      set: { sizeBytes: file.sizeBytes, rowCount, createdAt: new Date() },
    });
}

/**
 * Streams `chunks` into R2 at the report's key and records the file; returns its size. If the
 * upload fails, any multipart upload is aborted and nothing is recorded, so a failed report never
 * lists a file that does not exist.
 */
export async function writeReportFile(
  env: Pick<Env, "FILES">,
  db: Db,
  spec: ReportFileSpec,
  chunks: AsyncIterable<string> | Iterable<string>,
  /** The data rows, or a function read once the chunks are written (streams count as they go). */
  rowCount?: number | (() => number),
): Promise<{ key: string; sizeBytes: number }> {
  const writer = new ReportFileWriter(env.FILES, spec);
  try {
    for await (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await recordReportFile(
    db,
    writer,
    typeof rowCount === "function" ? rowCount() : (rowCount ?? null),
  );
  return { key: writer.key, sizeBytes: writer.sizeBytes };
}

/**
 * Removes the R2 objects of the given reports (their rows go with the reports by cascade). R2
 * first: if it fails the rows still point at the objects and a retry finds them.
 */
export async function deleteReportObjects(
  env: Pick<Env, "FILES">,
  db: Db,
  organizationId: string,
  reportIds: string[],
): Promise<number> {
  const files: { key: string }[] = [];
  for (const ids of idChunks(reportIds)) {
    files.push(
      ...(await db
        .select({ key: reportFiles.r2Key })
        .from(reportFiles)
        .where(
          and(eq(reportFiles.organizationId, organizationId), inArray(reportFiles.reportId, ids)),
        )),
    );
  }
  // R2 deletes up to 1,000 keys per call.
  for (let i = 0; i < files.length; i += 1000)
    await env.FILES.delete(files.slice(i, i + 1000).map((f) => f.key));
  return files.length;
}

/** The files of the given reports (id, kind, filename), for lists that offer downloads. */
export async function reportFileViews(db: Db, organizationId: string, reportIds: string[]) {
  const files: Array<{ id: string; kind: ReportFileKind; filename: string; reportId: string }> = [];
  for (const ids of idChunks(reportIds)) {
    files.push(
      ...(await db
        .select({
          id: reportFiles.id,
          kind: reportFiles.kind,
          filename: reportFiles.filename,
          reportId: reportFiles.reportId,
        })
        .from(reportFiles)
        .where(
          and(eq(reportFiles.organizationId, organizationId), inArray(reportFiles.reportId, ids)),
        )),
    );
  }
  return files;
}
