import { integer, text } from "drizzle-orm/sqlite-core";

/*
 * Column helpers so every table spells ids and times the same way: text UUID primary keys and
 * integer epoch-millisecond timestamps (drizzle maps them to Date).
 */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

/** A count that defaults to 0 (totals the providers always report). */
export const count = (name: string) => integer(name).notNull().default(0);
