import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";

/*
 * The services' own API documents, vendored unchanged in reference/official/ (its README gives
 * each one's source and revision), read in Node when the Worker tests start and handed to them as
 * the OFFICIAL_DOCS binding: the contract tests (tests/worker/contract/) check our clients and
 * emulators against them. They live in the repository so a clean clone, a worktree and CI all
 * test against the same oracle; a missing document stops the suite instead of skipping it.
 */

const officialFiles = {
  youtube: "youtube.v3.json",
  youtubeAnalytics: "youtubeAnalytics.v2.json",
  youtubeReporting: "youtubereporting.v1.json",
  sheets: "sheets.v4.json",
  drive: "drive.v3.json",
  oauth2: "oauth2.v2.json",
  resend: "resend.openapi.yaml",
} as const;

export function officialDocs(root: string) {
  const dir = path.join(root, "reference", "official");
  const read = (file: string) => {
    const at = path.join(dir, file);
    if (!existsSync(at))
      throw new Error(`Official API document missing: ${at} (see reference/official/README.md)`);
    return readFileSync(at, "utf8");
  };
  return {
    youtube: JSON.parse(read(officialFiles.youtube)),
    youtubeAnalytics: JSON.parse(read(officialFiles.youtubeAnalytics)),
    youtubeReporting: JSON.parse(read(officialFiles.youtubeReporting)),
    sheets: JSON.parse(read(officialFiles.sheets)),
    drive: JSON.parse(read(officialFiles.drive)),
    oauth2: JSON.parse(read(officialFiles.oauth2)),
    resend: parseYaml(read(officialFiles.resend)),
  };
}
