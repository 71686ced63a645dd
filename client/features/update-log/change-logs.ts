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

/** Loads the manifest, then every entry's markdown; newest first whatever the manifest order. */
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
  return entries.sort(
    (a, b) => b.date.localeCompare(a.date) || b.filename.localeCompare(a.filename),
  );
}

export const changeLogQueries = { all: appQuery("change-logs", () => loadChangeLogs()) };
