import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";

/*
 * The services' own API documents (../shared/reference/official beside the checkout), read in
 * Node when the Worker tests start and handed to them as the OFFICIAL_DOCS binding: the contract
 * tests (tests/worker/contract/) check our clients and emulators against them.
 */

/** shared/ sits beside the checkout (CI, the main checkout); a worktree finds it further up. */
function officialDir(root: string): string {
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared", "reference", "official");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error(`shared/reference/official not found beside or above ${root}`);
  }
}

export function officialDocs(root: string) {
  const dir = officialDir(root);
  const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
  return {
    youtube: JSON.parse(read("youtube.v3.json")),
    youtubeAnalytics: JSON.parse(read("youtubeAnalytics.v2.json")),
    youtubeReporting: JSON.parse(read("youtubereporting.v1.json")),
    sheets: JSON.parse(read("sheets.v4.json")),
    drive: JSON.parse(read("drive.v3.json")),
    oauth2: JSON.parse(read("oauth2.v2.json")),
    resend: parseYaml(read("resend.openapi.yaml")),
  };
}
