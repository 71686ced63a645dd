import { applyD1Migrations, env } from "cloudflare:test";

// Setup files may run more than once; applyD1Migrations skips migrations already applied.
await applyD1Migrations(env.DB, env.MIGRATIONS);
// Every test run has two content databases, so organisations spread over both (issue 17).
await applyD1Migrations(env.CONTENT_1, env.CONTENT_MIGRATIONS);
await applyD1Migrations(env.CONTENT_2, env.CONTENT_MIGRATIONS);
