import { integer, text } from "drizzle-orm/sqlite-core";
import { timeOrderedUuid } from "../../lib/crypto/time-ordered-id";

/*
 * Column helpers so every table spells ids and times the same way: text UUID primary keys and
 * integer epoch-millisecond timestamps (drizzle maps them to Date).
 */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * The primary key of rows written in bulk (a preview's 2,000 suggestions): time-ordered UUIDs,
 * so one insert fills new pages at the end of the key's index. With random keys each row touched
 * a different page of a large index: storing a 2,000 x 2,000 preview's suggestions took 185-466
 * ms against 41-105 ms with these (2026-11-24, load 12, a content database holding ~100 previews).
 */
export const timeOrderedId = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => timeOrderedUuid());

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
