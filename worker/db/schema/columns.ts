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

/**
 * A small integer that names a video or an episode inside its database: what its history rows
 * carry instead of the 36-character id (docs/design.md, "Compact history"). Unique; a trigger
 * (migration 0009) gives each new row the next one, whoever inserts it, so writers leave it out.
 */
export const contentKey = () => integer("key").unique();
