import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { schema } from "../../../worker/db/client";
import { encryptSecret } from "../../../worker/lib/crypto/aes-gcm";
import { type ContentBinding, contentHandle, createOrganization, db } from "./factories";

/*
 * Organisations placed in a given database, moves, and where rows ended up: the helpers of the
 * tests that cross databases on purpose (issue 17). The factory itself places every organisation
 * (tests/worker/support/factories.ts); these name the database, or change it.
 */

export {
  CONTENT_BINDINGS,
  type ContentBinding,
  contentHandle,
  contentOf,
} from "./factories";

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

/** An organisation whose content lives in `binding`, optionally with a (sandbox) YouTube key. */
export async function organizationOn(
  binding: ContentBinding,
  options: { timezone?: string; youtubeKey?: string; movingTo?: ContentBinding } = {},
) {
  const org = await createOrganization(undefined, { binding });
  const content = contentHandle(binding);
  const timezone = options.timezone ?? org.timezone;
  for (const handle of binding === "DB" ? [db()] : [db(), content])
    await handle
      .update(schema.organizations)
      .set({ timezone })
      .where(eq(schema.organizations.id, org.id));
  if (options.movingTo) await startMove(org.id, options.movingTo);
  if (options.youtubeKey)
    await content.insert(schema.integrations).values({
      organizationId: org.id,
      type: "youtube",
      apiKeyCiphertext: await encryptSecret(options.youtubeKey, env.ENCRYPTION_KEY),
      apiKeyLast4: options.youtubeKey.slice(-4),
    });
  return { ...org, timezone, binding, content };
}

type OrganizationTable =
  | typeof schema.channels
  | typeof schema.integrations
  | typeof schema.ingestionJobs
  | typeof schema.scheduleRuns;

/** How many rows of `table` each database holds for the organisation. */
export async function rowsPerDatabase(
  table: OrganizationTable,
  organizationId: string,
): Promise<Record<ContentBinding, number>> {
  const counts = await Promise.all(
    (["DB", "CONTENT_1", "CONTENT_2"] as const).map(async (binding) => {
      const rows = await contentHandle(binding)
        .select({ organizationId: table.organizationId })
        .from(table)
        .where(eq(table.organizationId, organizationId));
      return [binding, rows.length] as const;
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
