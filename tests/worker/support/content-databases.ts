import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { schema } from "../../../worker/db/client";
import { db } from "./factories";

/** The databases that may hold an organisation's content in a test run. */
export type ContentBinding = "DB" | "CONTENT_1" | "CONTENT_2";
export const CONTENT_BINDINGS: ContentBinding[] = ["DB", "CONTENT_1", "CONTENT_2"];

/** A drizzle handle over one of them. */
export const contentHandle = (binding: ContentBinding) => drizzle(env[binding], { schema });

/**
 * Puts an existing organisation's content in `binding` as placement (or a finished move) leaves
 * it: the directory names the database, and the database holds the organisation's stub row.
 */
export async function placeIn(organizationId: string, binding: ContentBinding) {
  const [org] = await db()
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  if (!org) throw new Error(`no organisation ${organizationId}`);
  if (binding !== "DB")
    await contentHandle(binding).insert(schema.organizations).values(org).onConflictDoNothing();
  await db()
    .insert(schema.organizationDatabases)
    .values({ organizationId, binding })
    .onConflictDoUpdate({ target: schema.organizationDatabases.organizationId, set: { binding } });
}

/** Marks an organisation as being moved (the move script's first step). */
export const startMove = (organizationId: string, target: ContentBinding) =>
  db()
    .update(schema.organizationDatabases)
    .set({ movingTo: target })
    .where(eq(schema.organizationDatabases.organizationId, organizationId));

/** How many rows of `table` each database holds for the organisation. */
export async function rowsPerDatabase(
  table: "channels" | "integrations",
  organizationId: string,
): Promise<Record<ContentBinding, number>> {
  const counts = await Promise.all(
    CONTENT_BINDINGS.map(async (binding) => {
      const row = await env[binding]
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`)
        .bind(organizationId)
        .first<{ n: number }>();
      return [binding, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ContentBinding, number>;
}

/** A channel written straight into one database (the content an ingestion would have stored). */
export async function channelIn(binding: ContentBinding, organizationId: string, title: string) {
  const [channel] = await contentHandle(binding)
    .insert(schema.channels)
    .values({ organizationId, externalId: `UC${crypto.randomUUID().slice(0, 8)}`, title })
    .returning();
  return channel!;
}
