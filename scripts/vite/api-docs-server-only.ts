import type { Plugin } from "vite";

/*
 * The API contract (shared/api/*.ts) carries the words of the OpenAPI document: each route's
 * summary and each answer's description. The Worker writes that document; the browser only
 * builds URLs and parses answers from the same objects, so in the client build those strings
 * become "" (about 2 KB of the first load, gzipped, with the budget at 170 KB). Found by the
 * parsed syntax tree, not by pattern: a `summary` or `description` property whose value is a
 * string, and the description argument of `responds(status, description, schema)`,
 * `json(description, schema)` and `file(description, ...types)`.
 */
const CONTRACT = /[\\/]shared[\\/]api[\\/][\w-]+\.ts$/;
const DESCRIPTION_ARGUMENT: Record<string, number> = { responds: 1, json: 0, file: 0 };

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";
const isText = (node: unknown): node is Node =>
  isNode(node) &&
  ((node.type === "Literal" && typeof node.value === "string") || node.type === "TemplateLiteral");

/** The [start, end) ranges of the documentation strings in a contract module's syntax tree. */
function documentationRanges(root: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Node) => {
    if (node.type === "Property" && isNode(node.key) && isText(node.value)) {
      const key = node.key as Node & { name?: string };
      if (key.name === "summary" || key.name === "description")
        ranges.push([node.value.start, node.value.end]);
    }
    if (node.type === "CallExpression" && isNode(node.callee)) {
      const callee = node.callee as Node & { name?: string };
      const at = callee.name === undefined ? undefined : DESCRIPTION_ARGUMENT[callee.name];
      const argument = at === undefined ? undefined : (node.arguments as unknown[])[at];
      if (isText(argument)) ranges.push([argument.start, argument.end]);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(root);
  return ranges;
}

export function apiDocsServerOnly(): Plugin {
  let blanked = 0;
  return {
    name: "crosscast-api-docs-server-only",
    apply: "build",
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      const ranges = documentationRanges(this.parse(code) as unknown as Node).sort(
        (a, b) => b[0] - a[0],
      );
      let out = code;
      for (const [start, end] of ranges) out = `${out.slice(0, start)}""${out.slice(end)}`;
      blanked += ranges.length;
      return { code: out, map: null };
    },
    buildEnd(error) {
      // A contract rewritten so that nothing matches any more would quietly ship the words again.
      if (!error && blanked === 0)
        this.error("no API documentation strings found: see scripts/vite/api-docs-server-only.ts");
    },
  };
}
