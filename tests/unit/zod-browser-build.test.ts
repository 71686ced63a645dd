import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Rolldown } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { zodWithoutJsonSchema } from "../../scripts/vite/zod-without-json-schema";

/*
 * The client build leaves zod's JSON Schema converter out (scripts/vite/zod-without-json-schema.ts).
 * A small entry is built as the client is, with and without the plugin, and run: parsing, errors
 * and `~standard` validation work as before, converting throws a clear error, and the bundle is
 * smaller by the converter.
 */
const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
// Inside the project, so the entry resolves the project's own zod.
const cache = path.join(root, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(path.join(cache, "zod-browser-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entry = path.join(work, "entry.ts");
writeFileSync(
  entry,
  `import { z } from "zod";
const schema = z.object({ title: z.string().min(1), views: z.number().int().nonnegative() });
export const parsed = schema.parse({ title: "Café", views: 3 });
export const refused = schema.safeParse({ title: "", views: -1 }).error?.issues.map((i) => i.path.join("."));
export const standard = schema["~standard"].validate({ title: "x", views: 1 });
export const convert = () => z.toJSONSchema(schema);
export const convertMethod = () => schema.toJSONSchema();
export const standardJsonSchema = () => schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
`,
);

async function bundle(withPlugin: boolean) {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root,
    plugins: withPlugin ? [zodWithoutJsonSchema()] : [],
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["es"], fileName: "entry" },
    },
  })) as Rolldown.RolldownOutput[];
  const [chunk] = output[0]?.output ?? [];
  if (chunk?.type !== "chunk") throw new Error("no chunk built");
  const file = path.join(work, `${withPlugin ? "with" : "without"}.mjs`);
  writeFileSync(file, chunk.code);
  return { size: chunk.code.length, module: await import(pathToFileURL(file).href) };
}

describe("zod in the client build", { timeout: 60_000 }, () => {
  it("parses as before, refuses to convert to JSON Schema, and is smaller", async () => {
    const full = await bundle(false);
    const lean = await bundle(true);
    for (const { module } of [full, lean]) {
      expect(module.parsed).toEqual({ title: "Café", views: 3 });
      expect(module.refused).toEqual(["title", "views"]);
      expect(module.standard).toEqual({ value: { title: "x", views: 1 } });
    }
    expect(full.module.convert()).toMatchObject({ type: "object" });
    for (const convert of ["convert", "convertMethod", "standardJsonSchema"])
      expect(() => lean.module[convert]()).toThrow(/JSON Schema\) is not in the browser build/);
    // The converter is about a quarter of zod's minified code.
    expect(lean.size).toBeLessThan(full.size * 0.85);
  });
});
