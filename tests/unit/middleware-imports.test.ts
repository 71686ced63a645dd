import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Middleware runs in front of every feature, so it may depend only on worker/lib (issue #16:
 * "middleware importing only from lib"); a middleware that reached into a feature would make
 * that feature load for every request and invite cycles. Packages are fine. One exception: a
 * type-only import of worker/env.ts (AppEnv types Hono's context; it vanishes from the build).
 */
const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const middlewareDir = path.join(root, "worker/middleware");
const libDir = path.join(root, "worker/lib");
const envFile = path.join(root, "worker/env.ts");

type ImportFound = { specifier: string; typeOnly: boolean };

/** Every module a file names: static imports, re-exports, import() and import types. */
function importsOf(fileName: string, text: string): ImportFound[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ImportFound[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const everyNameTypeOnly =
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        !clause?.name &&
        named.elements.every((e) => e.isTypeOnly);
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: !!clause && (clause.isTypeOnly || everyNameTypeOnly),
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The imports of one middleware file that break the rule, as "specifier" strings. */
function forbiddenImports(fileName: string, text: string): string[] {
  return importsOf(fileName, text)
    .filter(({ specifier, typeOnly }) => {
      // A package (hono/factory, zod...): not our code.
      if (!specifier.startsWith(".")) return false;
      const target = path.resolve(path.dirname(fileName), specifier);
      const resolved = target.endsWith(".ts") ? target : `${target}.ts`;
      if (resolved.startsWith(`${libDir}${path.sep}`)) return false;
      return !(typeOnly && resolved === envFile);
    })
    .map(({ specifier }) => specifier);
}

const middlewareFiles = readdirSync(middlewareDir, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => path.join(middlewareDir, name));

describe("worker/middleware imports only from worker/lib", () => {
  it("finds the middleware files", () => {
    expect(middlewareFiles.length).toBeGreaterThan(0);
  });

  it.each(middlewareFiles.map((file) => [path.relative(root, file), file]))("%s", (_name, file) => {
    expect(forbiddenImports(file, readFileSync(file, "utf8"))).toEqual([]);
  });

  it("the check refuses a feature, the db layer, a value import of env.ts and import()", () => {
    const file = path.join(middlewareDir, "probe.ts");
    const text = [
      'import { createMiddleware } from "hono/factory";',
      'import { getDb } from "../lib/db";',
      'import type { AppEnv } from "../env";',
      'import { isSandbox } from "../env";',
      'import { requireUser } from "../features/auth/middleware";',
      'export { schema } from "../db/client";',
      'const later = () => import("../brand/select-brand");',
    ].join("\n");
    expect(forbiddenImports(file, text)).toEqual([
      "../env",
      "../features/auth/middleware",
      "../db/client",
      "../brand/select-brand",
    ]);
  });
});
