/*
 * The name a report file is saved under. In R2 every report stores the spec's names
 * (channels.csv, videos.csv, data.json, ...), so saved as-is every download of every report
 * collides in the Downloads folder ("videos (7).csv"). The saved name adds the report's title and
 * creation time on the organisation's clock, as the Reports list shows it:
 * weekly-recap_2026-11-22_10-42-07_videos.csv.
 */
import { wallClockIso } from "./zoned-time";

/** A title as a file-name part: letters and digits of any script, runs of anything else as "-". */
export function fileNamePart(title: string): string {
  const slug = title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "report";
}

export function reportDownloadName(
  report: { title: string; createdAt: string | Date },
  filename: string,
  timeZone: string,
) {
  const created = wallClockIso(new Date(report.createdAt), timeZone).replace("T", "_");
  return `${fileNamePart(report.title)}_${created.replace(/:/g, "-")}_${filename}`;
}

/**
 * A Content-Disposition header for any name: an ASCII fallback in `filename` and the exact name
 * in `filename*` (RFC 6266 / RFC 8187), which every current browser prefers.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
