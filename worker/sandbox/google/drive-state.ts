import { z } from "zod";

/** One emulated Drive per Google account, kept in R2 so deletions persist across requests. */
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.string().optional(),
  createdTime: z.string(),
});
export type DriveFile = z.infer<typeof driveFileSchema>;
const driveSchema = z.object({ files: z.array(driveFileSchema) });

export const SANDBOX_DRIVE_LIMIT = 15 * 1024 ** 3;
const key = (account: string) => `sandbox/google/${encodeURIComponent(account)}/drive.json`;

// A deterministic starting Drive: exports of the kinds Crosscast writes, one that cannot be
// deleted (to show partial failures), spread over the last months.
function initialFiles(account: string): DriveFile[] {
  const files: DriveFile[] = [];
  let seed = [...account].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
  for (let i = 0; i < 130; i++) {
    const spreadsheet = i % 3 !== 0;
    const created = new Date(Date.UTC(2026, 10, 20) - i * 86_400_000 * 1.3).toISOString();
    files.push({
      id: `sbx-${(next() % 1e9).toString(36)}-${i}`,
      name:
        i === 5
          ? "Quarterly export (locked)"
          : spreadsheet
            ? `Crosscast report ${130 - i}`
            : `crosscast-export-${130 - i}.csv`,
      mimeType: spreadsheet ? "application/vnd.google-apps.spreadsheet" : "text/csv",
      ...(spreadsheet ? {} : { size: String(20_000 + (next() % 4_000_000)) }),
      createdTime: created,
    });
  }
  return files;
}

export async function loadDrive(bucket: R2Bucket, account: string): Promise<DriveFile[]> {
  const object = await bucket.get(key(account));
  if (!object) return initialFiles(account);
  return driveSchema.parse(await object.json()).files;
}

export async function saveDrive(bucket: R2Bucket, account: string, files: DriveFile[]) {
  await bucket.put(key(account), JSON.stringify({ files }), {
    httpMetadata: { contentType: "application/json" },
  });
}
