import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

// Pure shared logic (no platform): plain Node is enough and fastest.
export default defineConfig({
  test: { root, include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
