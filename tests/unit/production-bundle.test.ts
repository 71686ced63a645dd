import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/*
 * The deployed Worker must not carry the sandbox emulators. Wrangler bundles `main` from
 * wrangler.toml (worker/index.ts) with esbuild and keeps every module the entry reaches, so the
 * entry's import graph is exactly what ships: it is read here from esbuild's metafile (a second,
 * no minification, no output written), against the development entry, which must reach them.
 */
const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
/** What `wrangler deploy` bundles: wrangler.toml's `main`. */
const deployedEntry = /^main = "(.+)"$/m.exec(
  readFileSync(path.join(root, "wrangler.toml"), "utf8"),
)?.[1];

async function modulesOf(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

const emulators = (modules: string[]) =>
  modules.filter((m) => m.startsWith("worker/sandbox/") || m.endsWith("resend-emulator.ts"));

describe("the production bundle", { timeout: 60_000 }, () => {
  it("has no sandbox emulator; the development entry has them all", async () => {
    const [production, development] = await Promise.all([
      modulesOf(deployedEntry ?? "wrangler.toml has no main"),
      modulesOf("worker/dev.ts"),
    ]);
    expect(deployedEntry).toBe("worker/index.ts");
    expect(production).toContain("worker/routes/api.ts");
    expect(emulators(production)).toEqual([]);
    expect(development).toContain("worker/sandbox/app.ts");
    expect(development).toContain("worker/sandbox/install.ts");
    expect(development).toContain("worker/providers/email/resend-emulator.ts");
  });
});
