import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb, schema } from "../../../worker/db/client";
import { contentDb } from "../../../worker/lib/content-databases";
import { encryptSecret } from "../../../worker/lib/crypto/aes-gcm";
import { createOrganization, db } from "./factories";

/*
 * Organisations placed in a content database by hand, for the background path's tests (issue 17):
 * the organisation and its directory row in the primary database, its stub row (id, name, time
 * zone) in the content database, as placement at creation leaves them.
 */

export const onDatabase = (binding: string) => contentDb(env, binding);

/** An organisation whose content lives in `binding`, optionally with a (sandbox) YouTube key. */
export async function organizationOn(
  binding: string,
  options: { timezone?: string; youtubeKey?: string; movingTo?: string } = {},
) {
  const org = await createOrganization();
  const timezone = options.timezone ?? org.timezone;
  await db()
    .update(schema.organizations)
    .set({ timezone })
    .where(eq(schema.organizations.id, org.id));
  await db()
    .insert(schema.organizationDatabases)
    .values({ organizationId: org.id, binding, movingTo: options.movingTo ?? null });
  const content = onDatabase(binding);
  await content.insert(schema.organizations).values({ id: org.id, name: org.name, timezone });
  if (options.youtubeKey)
    await content.insert(schema.integrations).values({
      organizationId: org.id,
      type: "youtube",
      apiKeyCiphertext: await encryptSecret(options.youtubeKey, env.ENCRYPTION_KEY),
      apiKeyLast4: options.youtubeKey.slice(-4),
    });
  return { ...org, timezone, binding, content };
}

/** How many rows of the organisation `table` holds in each database. */
export async function rowsPerDatabase(
  table: typeof schema.channels | typeof schema.ingestionJobs | typeof schema.scheduleRuns,
  organizationId: string,
) {
  const counts: Record<string, number> = {};
  for (const binding of ["DB", "CONTENT_1", "CONTENT_2"]) {
    const handle = binding === "DB" ? getDb(env) : onDatabase(binding);
    counts[binding] = (
      await handle.select().from(table).where(eq(table.organizationId, organizationId))
    ).length;
  }
  return counts;
}
