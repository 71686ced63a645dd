import { and, eq, inArray } from "drizzle-orm";
import type { reportFileKinds } from "../../../shared/schemas/enums";
import type { Db } from "../../db/client";
import { reportFiles } from "../../db/schema";

/*
 * The report file pipeline shared by one-time, recurring and multi-channel reports: text produced
 * chunk by chunk goes to R2 without ever holding the whole file. Small files are one put; a file
 * that outgrows one part becomes a multipart upload of fixed-size parts, so memory stays at about
 * one part however many rows a report has.
 */

export type ReportFileKind = (typeof reportFileKinds)[number];

export type ReportFileSpec = {
  organizationId: string;
  reportId: string;
  kind: ReportFileKind;
  filename: string;
  contentType: string;
};

/** R2 parts must be at least 5 MiB (except the last); 8 MiB keeps the part count low. */
export const PART_BYTES = 8 * 1024 * 1024;

/** Every report object lives under `reports/{orgId}/` (ARCHITECTURE.md section 10), so cleanup and audits scope by org. */
export const reportFileKey = (organizationId: string, reportId: string, filename: string) =>
  `reports/${organizationId}/${reportId}/${filename}`;

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
  const key = reportFileKey(spec.organizationId, spec.reportId, spec.filename);
  const encoder = new TextEncoder();
  const httpMetadata = {
    contentType: spec.contentType,
    contentDisposition: `attachment; filename="${spec.filename}"`,
  };
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let sizeBytes = 0;
  let upload: R2MultipartUpload | undefined;
  const parts: R2UploadedPart[] = [];

  const flushPart = async () => {
    upload ??= await env.FILES.createMultipartUpload(key, { httpMetadata });
    parts.push(await upload.uploadPart(parts.length + 1, concat(pending, pendingBytes)));
    pending = [];
    pendingBytes = 0;
  };

  try {
    for await (const chunk of chunks) {
      const bytes = encoder.encode(chunk);
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      sizeBytes += bytes.byteLength;
      if (pendingBytes >= PART_BYTES) await flushPart();
    }
    if (upload) {
      if (pendingBytes > 0) await flushPart();
      await upload.complete(parts);
    } else {
      await env.FILES.put(key, concat(pending, pendingBytes), { httpMetadata });
    }
  } catch (error) {
    if (upload) await upload.abort().catch(() => undefined);
    throw error;
  }

  const rows = typeof rowCount === "function" ? rowCount() : (rowCount ?? null);
  await db
    .insert(reportFiles)
    .values({ ...spec, r2Key: key, sizeBytes, rowCount: rows })
    .onConflictDoUpdate({
      target: reportFiles.r2Key,
      set: { sizeBytes, rowCount: rows, createdAt: new Date() },
    });
  return { key, sizeBytes };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
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
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < reportIds.length; i += 90) {
    const ids = reportIds.slice(i, i + 90);
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
  for (let i = 0; i < reportIds.length; i += 90) {
    const ids = reportIds.slice(i, i + 90);
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
