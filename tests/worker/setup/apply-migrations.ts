import { applyD1Migrations, env } from "cloudflare:test";

// Setup files may run more than once; applyD1Migrations skips migrations already applied.
await applyD1Migrations(env.DB, env.MIGRATIONS);
