import { defineConfig } from "drizzle-kit";

// SQL migrations are generated from the schema and applied by wrangler (d1 migrations apply).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});
