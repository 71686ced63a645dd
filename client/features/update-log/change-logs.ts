import { z } from "zod";
import { appQuery } from "../../lib/query/define-query";

export const changeLogManifestSchema = z.object({
  changeLogs: z.array(
    z.object({ filename: z.string().regex(/^[\w.-]+\.md$/), date: z.string(), title: z.string() }),
  ),
});
export type ChangeLogListing = z.infer<typeof changeLogManifestSchema>["changeLogs"][number];
export type ChangeLogEntry = ChangeLogListing & { markdown: string };

const BASE = "/docs/change-logs";

/**
 * Entries are read a few at a time, newest first: the page asked for every file at once (76
 * requests by December 2026, one more for each change), and showed nothing until the last had
 * arrived, 3.7 s on a busy machine.
 */
export const CHANGE_LOG_PAGE = 10;

/**
 * The manifest's entries, newest day first whatever the manifest order. A date has no time of
 * day, so entries of one day keep the manifest's order, which lists them newest first (a unit
 * test holds the real manifest to it). Ordering a day's entries by file name put them in
 * alphabetical order instead: the day's newest entry could come last.
 */
export async function loadChangeLogManifest(signal?: AbortSignal): Promise<ChangeLogListing[]> {
  const res = await fetch(`${BASE}/manifest.json`, { signal });
  if (!res.ok) throw new Error(`manifest: HTTP ${res.status}`);
  const { changeLogs } = changeLogManifestSchema.parse(await res.json());
  // Array.prototype.sort is stable: equal dates stay in manifest order.
  return changeLogs.sort((a, b) => b.date.localeCompare(a.date));
}

/** The markdown of some entries, by file name, in the order asked. */
export async function loadChangeLogTexts(filenames: readonly string[]): Promise<string[]> {
  return Promise.all(
    filenames.map(async (filename) => {
      const file = await fetch(`${BASE}/${filename}`);
      if (!file.ok) throw new Error(`${filename}: HTTP ${file.status}`);
      return file.text();
    }),
  );
}

/** The manifest's entries in pages of CHANGE_LOG_PAGE, each page's file names joined for its key. */
export const changeLogPages = (listing: readonly ChangeLogListing[]): string[][] =>
  Array.from({ length: Math.ceil(listing.length / CHANGE_LOG_PAGE) }, (_, i) =>
    listing.slice(i * CHANGE_LOG_PAGE, (i + 1) * CHANGE_LOG_PAGE).map((e) => e.filename),
  );

export const changeLogQueries = {
  manifest: appQuery("change-logs", () => loadChangeLogManifest()),
  /** One page's texts; the key is its file names joined, which the manifest fixes. */
  texts: appQuery("change-log-texts", (filenames: string) =>
    loadChangeLogTexts(filenames.split(",")),
  ),
};
