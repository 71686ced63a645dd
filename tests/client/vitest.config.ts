import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

// Client components in a simulated DOM (happy-dom) with Testing Library: the rules with the most
// logic (table selection, report dialog, board intents, auth refresh), without a browser.
export default defineConfig({
  plugins: [react()],
  test: {
    root,
    include: ["tests/client/**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["tests/client/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
    // A hang guard, not a speed check: the machine is shared and busy.
    testTimeout: 30_000,
  },
});
