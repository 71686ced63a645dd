import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/*
 * zod's classic schemas carry a `toJSONSchema` method and a `~standard.jsonSchema` pair, so every
 * bundle that uses zod keeps its JSON Schema converter: 5.2 KB of the browser's first load,
 * gzipped, with the budget at 170 KB (issue 9). The browser only parses answers; the Worker is
 * what writes JSON Schema (its OpenAPI document), and it is not built by Vite. In the client
 * build the converter's two modules are replaced by ones with the same exports that throw when
 * called, naming what is missing. The two factories that zod calls when a schema's
 * `~standard` is first read give back a function that throws only when it is called.
 *
 * The build fails if a zod upgrade moves or renames what this relies on, rather than leaving a
 * converter half replaced.
 */
const REPLACED = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const FACTORIES = ["createToJSONSchemaMethod", "createStandardJSONSchemaMethod"];

/** The names a module exports (`export const x`, `export function x`, `export { x as y }`). */
function exportedNames(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
  const renamed = [...source.matchAll(/^export \{ \w+ as (\w+) \}/gm)].map((m) => m[1]);
  return [...declared, ...renamed].filter((name): name is string => name !== undefined);
}

export function zodWithoutJsonSchema(): Plugin {
  const seen = new Set<string>();
  return {
    name: "crosscast-zod-without-json-schema",
    apply: "build",
    load(id) {
      const match = REPLACED.exec(id);
      if (!match) return null;
      const names = exportedNames(readFileSync(id, "utf8"));
      if (match[1] === "to-json-schema" && !FACTORIES.every((name) => names.includes(name)))
        this.error(`zod's ${id} no longer exports ${FACTORIES.join(" and ")}`);
      seen.add(match[1] ?? "");
      const lines = names.map((name) =>
        FACTORIES.includes(name)
          ? `export const ${name} = () => missing(${JSON.stringify(name)});`
          : `export const ${name} = missing(${JSON.stringify(name)});`,
      );
      return [
        "const missing = (name) => () => {",
        '  throw new Error("zod\'s " + name + " (JSON Schema) is not in the browser build");',
        "};",
        ...lines,
      ].join("\n");
    },
    buildEnd(error) {
      if (!error && seen.size !== 2)
        this.error(
          "zod's JSON Schema modules were not found: see scripts/vite/zod-without-json-schema.ts",
        );
    },
  };
}
