import path from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { officialDocs } from "./setup/official-docs";

/** The packages, by the entry points imported, that the Worker's tests load pre-bundled. */
const PREBUNDLED = [
  "@cfworker/json-schema",
  "@hono/zod-openapi",
  "@hono/zod-validator",
  "arctic",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/errors",
  "drizzle-orm/sqlite-core",
  "fast-check",
  "hono",
  "hono/body-limit",
  "hono/cookie",
  "hono/factory",
  "hono/http-exception",
  "hono/utils/http-status",
  "jose",
  "xlsx",
  "yaml",
  "zod",
  "zod/v4/core",
];

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  const contentMigrations = await readD1Migrations(path.join(root, "migrations-content"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        // Development's entry (production's plus the sandbox emulators), as `npm start` runs it.
        main: path.join(root, "worker/dev.ts"),
        miniflare: {
          // Tests deliver queue messages to the consumer themselves (createMessageBatch), so the
          // order and timing are theirs: the producer writes to a queue nobody consumes, and no
          // background delivery races a finished test.
          queueProducers: { JOBS: { queueName: "crosscast-jobs-test-sink" } },
          // A second, empty database for tests/worker/db/history-upgrade.test.ts: it applies the
          // migrations up to a point, writes rows in that older shape, then applies the rest.
          d1Databases: { UPGRADE_DB: "crosscast-upgrade-test" },
          bindings: {
            MIGRATIONS: migrations,
            // The content databases' schema (CONTENT_1 and CONTENT_2, bound in wrangler.toml).
            CONTENT_MIGRATIONS: contentMigrations,
            // Where the test factory puts an organisation's content: "alternate" (CONTENT_1,
            // CONTENT_2, CONTENT_1, ... as production places them, so tests cross databases) or
            // "DB" (organisations made before the split). See tests/worker/support/factories.ts.
            TEST_CONTENT_PLACEMENT: process.env.CROSSCAST_TEST_PLACEMENT ?? "alternate",
            // Google's discovery documents and Resend's OpenAPI, for the contract tests.
            OFFICIAL_DOCS: officialDocs(root),
            // Tests run against the sandbox emulators, like local development.
            APP_ENV: "development",
            SANDBOX: "1",
            // Test-only secrets (never used outside tests).
            JWT_SECRET: "dGVzdC1vbmx5LWp3dC1zZWNyZXQtMzItYnl0ZXMtbG9uZyEhISE=",
            ENCRYPTION_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
          },
        },
      }),
    ],
    test: {
      root,
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup/apply-migrations.ts", "tests/worker/setup/sandbox.ts"],
      // Hang guards, not speed checks: on a shared 2-core machine a busy moment can stretch a
      // test past vitest's 5 s default without anything being wrong. Speed lives in bench/.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // Two files at a time, each in its own workerd: vitest's default on two cores is one, and a
      // file's own setup (a runtime, three databases migrated) leaves a core idle. On 16 files of
      // the suite: 121 s with one, 54 s with two (docs/performance.md, "CI time").
      maxWorkers: 2,
      // Each file's runtime loads the app's modules anew, one request to vitest per module, and
      // the packages are most of them (drizzle-orm alone is hundreds of files). Pre-bundled, a
      // package is a few modules. Every package the Worker and the tests import is listed, each
      // entry point used, so no package is loaded both bundled and not (two copies would break
      // drizzle's and Hono's instance checks). docs/performance.md, "CI time".
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
    },
  };
});
