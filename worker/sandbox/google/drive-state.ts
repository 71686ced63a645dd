import { z } from "zod";

/*
 * One emulated Drive per Google account, kept in R2 so changes persist across requests. Each file
 * remembers whether this app created it: under the drive.file scope (the only Drive scope
 * Crosscast asks for) Drive lists, reads and deletes only those, while the account's quota counts
 * everything the person keeps there.
 */
export const driveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.string().optional(),
  createdTime: z.string(),
  modifiedTime: z.string().optional(),
  trashed: z.boolean().default(false),
  /** Created through this app's OAuth client (visible under drive.file). */
  createdByApp: z.boolean().default(true),
});
export type DriveFile = z.infer<typeof driveFileSchema>;
const driveSchema = z.object({ files: z.array(driveFileSchema) });

export const SANDBOX_DRIVE_LIMIT = 15 * 1024 ** 3;
const key = (account: string) => `sandbox/google/${encodeURIComponent(account)}/drive.json`;

const personalNames = [
  "Holiday photos 2025.zip",
  "Budget – household.xlsx",
  "Notes from the offsite",
  "Invoice 2026-04.pdf",
  "Résumé (final, really).docx",
  "Podcast artwork drafts",
];

/*
 * A deterministic starting Drive: 70 earlier Crosscast exports (spreadsheets and CSVs, one that
 * cannot be deleted, to show partial failures) and 60 of the person's own files, which the app
 * never sees but which fill the quota.
 */
function initialFiles(account: string): DriveFile[] {
  const files: DriveFile[] = [];
  let seed = [...account].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed;
  };
  for (let i = 0; i < 130; i++) {
    const byApp = i % 13 < 7;
    const spreadsheet = i % 3 !== 0;
    const created = new Date(Date.UTC(2026, 10, 20) - i * 86_400_000 * 1.3).toISOString();
    const name = !byApp
      ? `${personalNames[i % personalNames.length]!.replace(/(\.\w+)?$/, ` ${i}$1`)}`
      : i === 5
        ? "Quarterly export (locked)"
        : spreadsheet
          ? `Crosscast report ${130 - i}`
          : `crosscast-export-${130 - i}.csv`;
    files.push({
      id: `sbx-${(next() % 1e9).toString(36)}-${i}`,
      name,
      mimeType: byApp && spreadsheet ? "application/vnd.google-apps.spreadsheet" : "text/csv",
      ...(byApp && spreadsheet ? {} : { size: String(20_000 + (next() % 4_000_000)) }),
      createdTime: created,
      modifiedTime: created,
      trashed: false,
      createdByApp: byApp,
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

/** A file this app just created (a spreadsheet from Sheets' create, say). */
export async function addAppFile(
  bucket: R2Bucket,
  account: string,
  file: Pick<DriveFile, "id" | "name" | "mimeType">,
) {
  const now = new Date().toISOString();
  await saveDrive(bucket, account, [
    { ...file, createdTime: now, modifiedTime: now, trashed: false, createdByApp: true },
    ...(await loadDrive(bucket, account)),
  ]);
}
