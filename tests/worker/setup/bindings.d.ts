import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      MIGRATIONS: D1Migration[];
      CONTENT_MIGRATIONS: D1Migration[];
      /** The factory's default placement: "alternate" or "DB" (tests/worker/vitest.config.ts). */
      TEST_CONTENT_PLACEMENT: string;
      /** An empty database for migration upgrade tests (tests/worker/vitest.config.ts). */
      UPGRADE_DB: D1Database;
      /** The official API documents by name (tests/worker/setup/official-docs.ts). */
      OFFICIAL_DOCS: Record<string, unknown>;
    }
  }
}
