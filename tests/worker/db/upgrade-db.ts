import { env } from "cloudflare:test";

/*
 * The empty database of the migration upgrade tests (tests/worker/vitest.config.ts): each test
 * applies the migrations before the one under test, writes rows in the old shape with plain SQL,
 * then applies the rest.
 */
export const upgradeDb = () => env.UPGRADE_DB;

export const run = (query: string, ...params: unknown[]) =>
  upgradeDb()
    .prepare(query)
    .bind(...params)
    .run();

export const all = async <T>(query: string, ...params: unknown[]) =>
  (
    await upgradeDb()
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;
