import { z } from "zod";
import { appQuery } from "../../lib/query/define-query";

export const changeLogManifestSchema = z.object({
  changeLogs: z.array(
    z.object({ filename: z.string().regex(/^[\w.-]+\.md$/), date: z.string(), title: z.string() }),
  ),
});
export type ChangeLogEntry = z.infer<typeof changeLogManifestSchema>["changeLogs"][number] & {
  markdown: string;
};

const BASE = "/docs/change-logs";

/**
 * Loads the manifest, then every entry's markdown, newest day first whatever the manifest order.
 * A date has no time of day, so entries of one day keep the manifest's order, which lists them
 * newest first (a unit test holds the real manifest to it). Ordering a day's entries by file
 * name put them in alphabetical order instead: the day's newest entry could come last.
 */
export async function loadChangeLogs(signal?: AbortSignal): Promise<ChangeLogEntry[]> {
  const res = await fetch(`${BASE}/manifest.json`, { signal });
  if (!res.ok) throw new Error(`manifest: HTTP ${res.status}`);
  const { changeLogs } = changeLogManifestSchema.parse(await res.json());
  const entries = await Promise.all(
    changeLogs.map(async (entry) => {
      const file = await fetch(`${BASE}/${entry.filename}`, { signal });
      if (!file.ok) throw new Error(`${entry.filename}: HTTP ${file.status}`);
      return { ...entry, markdown: await file.text() };
    }),
  );
  // Array.prototype.sort is stable: equal dates stay in manifest order.
  return entries.sort((a, b) => b.date.localeCompare(a.date));
}

export const changeLogQueries = { all: appQuery("change-logs", () => loadChangeLogs()) };
