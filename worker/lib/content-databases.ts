import { type Db, dbFor } from "./db";

/*
 * Organisation content lives in one of several D1 databases (issue 17, docs/content-databases.md).
 * The directory in the primary database (organization_databases) names each organisation's
 * database by its Worker binding; this module turns those names into handles. Which names exist is
 * configuration (wrangler.toml), so nothing here lists them.
 */

/** The primary database's binding. It also holds the content of organisations created before the split. */
export const PRIMARY_BINDING = "DB";

const BINDING_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The content databases named in CONTENT_DATABASES, in order (placement picks among them). */
export function placementBindings(env: Pick<Env, "CONTENT_DATABASES">): string[] {
  const names = (env.CONTENT_DATABASES ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  for (const name of names) {
    if (!BINDING_NAME.test(name))
      throw new Error(`CONTENT_DATABASES: "${name}" is not a binding name`);
  }
  return [...new Set(names)];
}

/** Every database that may hold organisation content: the primary one, then the content ones. */
export function contentBindings(env: Pick<Env, "CONTENT_DATABASES">): string[] {
  return [PRIMARY_BINDING, ...placementBindings(env).filter((name) => name !== PRIMARY_BINDING)];
}

const isD1 = (value: unknown): value is D1Database =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { prepare?: unknown }).prepare === "function" &&
  typeof (value as { batch?: unknown }).batch === "function";

/**
 * The D1 handle behind a binding name read from the directory. Only the primary database and the
 * ones listed in CONTENT_DATABASES are accepted, so a directory row can never point a request at
 * some other binding of the Worker.
 */
export function contentD1(env: Env, binding: string): D1Database {
  if (!contentBindings(env).includes(binding)) {
    throw new Error(`"${binding}" is not a content database (CONTENT_DATABASES)`);
  }
  const candidate: unknown = Reflect.get(env, binding);
  if (!isD1(candidate)) throw new Error(`"${binding}" is not bound to a D1 database`);
  return candidate;
}

/** The drizzle handle over a content database (shared within the isolate, see dbFor). */
export const contentDb = (env: Env, binding: string): Db => dbFor(contentD1(env, binding));
