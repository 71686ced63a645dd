import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb, schema } from "../../../worker/db/client";

/** Small factories with random ids and emails: tests never depend on magic ids. */
export const db = () => getDb(env);

const suffix = () => crypto.randomUUID().slice(0, 8);

export async function createOrganization(name = `Org ${suffix()}`) {
  const [org] = await db().insert(schema.organizations).values({ name }).returning();
  return org!;
}

export async function createChannel(organizationId: string, externalId = `UC${suffix()}`) {
  const [channel] = await db()
    .insert(schema.channels)
    .values({ organizationId, externalId, title: `Channel ${externalId}` })
    .returning();
  return channel!;
}

export async function createVideo(organizationId: string, channelId: string) {
  const externalId = `vid-${suffix()}`;
  const [video] = await db()
    .insert(schema.videos)
    .values({
      organizationId,
      channelId,
      externalId,
      title: `Video ${externalId}`,
      publishDate: new Date("2026-10-01T12:00:00Z"),
    })
    .returning({ id: schema.videos.id });
  // Read back: RETURNING shows the row before the insert trigger gives it its history key.
  const [stored] = await db().select().from(schema.videos).where(eq(schema.videos.id, video!.id));
  return { ...stored!, key: stored!.key! };
}
