import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHANGE_LOG_PAGE,
  changeLogManifestSchema,
  changeLogPages,
  loadChangeLogManifest,
  loadChangeLogTexts,
} from "../../../client/features/update-log/change-logs";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const changeLogDir = path.join(root, "client/public/docs/change-logs");

/** Serves a manifest and one line of markdown per entry, as the static assets would. */
function serve(changeLogs: Array<{ filename: string; date: string; title: string }>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.endsWith("/manifest.json")
        ? new Response(JSON.stringify({ changeLogs }))
        : new Response(`text of ${url.split("/").pop()}`),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the Update Log's order", () => {
  it("puts the newest day first, whatever the manifest order", async () => {
    serve([
      { filename: "b.md", date: "2026-01-05", title: "Older" },
      { filename: "a.md", date: "2026-11-20", title: "Newer" },
    ]);
    expect((await loadChangeLogManifest()).map((e) => e.title)).toEqual(["Newer", "Older"]);
  });

  it("keeps one day's entries in manifest order (newest first), not by file name", async () => {
    serve([
      { filename: "2026-11-24-platform-switch.md", date: "2026-11-24", title: "Landed last" },
      { filename: "2026-11-24-steadier-tables.md", date: "2026-11-24", title: "Landed first" },
    ]);
    const entries = await loadChangeLogManifest();
    expect(entries.map((e) => e.title)).toEqual(["Landed last", "Landed first"]);
    expect(await loadChangeLogTexts(entries.map((e) => e.filename))).toEqual([
      "text of 2026-11-24-platform-switch.md",
      "text of 2026-11-24-steadier-tables.md",
    ]);
  });

  it("reads the entries a page at a time, newest page first", async () => {
    const listing = Array.from({ length: 23 }, (_, i) => ({
      filename: `e${i}.md`,
      date: `2026-11-${String(28 - i).padStart(2, "0")}`,
      title: `Entry ${i}`,
    }));
    serve(listing);
    const pages = changeLogPages(await loadChangeLogManifest());
    expect(pages.map((p) => p.length)).toEqual([CHANGE_LOG_PAGE, CHANGE_LOG_PAGE, 3]);
    expect(pages[0]?.[0]).toBe("e0.md");
    expect(pages[2]).toEqual(["e20.md", "e21.md", "e22.md"]);
  });

  it("the real manifest lists newest first, and every file it names exists", () => {
    const { changeLogs } = changeLogManifestSchema.parse(
      JSON.parse(readFileSync(path.join(changeLogDir, "manifest.json"), "utf8")),
    );
    const dates = changeLogs.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const entry of changeLogs)
      expect(readFileSync(path.join(changeLogDir, entry.filename), "utf8").length).toBeGreaterThan(
        0,
      );
  });
});
