import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      MIGRATIONS: D1Migration[];
      /** The official API documents by name (tests/worker/setup/official-docs.ts). */
      OFFICIAL_DOCS: Record<string, unknown>;
    }
  }
}
