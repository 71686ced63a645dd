import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getDb, schema } from "../../../worker/db/client";

/** Small factories with random ids and emails: tests never depend on magic ids. */
export const db = () => getDb(env);

const suffix = () => crypto.randomUUID().slice(0, 8);

/** The databases that may hold an organisation's content in a test run. */
export type ContentBinding = "DB" | "CONTENT_1" | "CONTENT_2";
export const CONTENT_BINDINGS: ContentBinding[] = ["DB", "CONTENT_1", "CONTENT_2"];

/** A drizzle handle over one of them. */
export const contentHandle = (binding: string) =>
  drizzle(env[binding as ContentBinding], { schema });

/*
 * N is 2 in every test run, so the factory places organisations as production does, alternately in
 * CONTENT_1 and CONTENT_2 (issue 17): a test with two organisations has them in two databases.
 * TEST_CONTENT_PLACEMENT "DB" (CROSSCAST_TEST_PLACEMENT=DB in the shell) makes them as before the
 * split instead. A test can also name the database.
 */
let placed = 0;
function defaultBinding(): ContentBinding {
  if (env.TEST_CONTENT_PLACEMENT !== "alternate") return "DB";
  placed += 1;
  return placed % 2 === 1 ? "CONTENT_1" : "CONTENT_2";
}

/**
 * An organisation as creation leaves it: its row and directory entry in the primary database, and
 * (in a content database) the stub row its content cascades from.
 */
export async function createOrganization(
  name = `Org ${suffix()}`,
  options: { binding?: ContentBinding; id?: string } = {},
) {
  const binding = options.binding ?? defaultBinding();
  const [org] = await db()
    .insert(schema.organizations)
    .values({ name, ...(options.id ? { id: options.id } : {}) })
    .returning();
  if (binding !== "DB") await contentHandle(binding).insert(schema.organizations).values(org!);
  await db().insert(schema.organizationDatabases).values({ organizationId: org!.id, binding });
  return { ...org!, binding };
}

/** The organisation's database as the directory names it (no entry: the primary one). */
export async function bindingOf(organizationId: string): Promise<ContentBinding> {
  const [row] = await db()
    .select({ binding: schema.organizationDatabases.binding })
    .from(schema.organizationDatabases)
    .where(eq(schema.organizationDatabases.organizationId, organizationId));
  return (row?.binding ?? "DB") as ContentBinding;
}

/** A drizzle handle over the database that holds the organisation's content. */
export const contentOf = async (organizationId: string) =>
  contentHandle(await bindingOf(organizationId));

export async function createChannel(organizationId: string, externalId = `UC${suffix()}`) {
  const [channel] = await (await contentOf(organizationId))
    .insert(schema.channels)
    .values({ organizationId, externalId, title: `Channel ${externalId}` })
    .returning();
  return channel!;
}

export async function createVideo(organizationId: string, channelId: string) {
  const content = await contentOf(organizationId);
  const externalId = `vid-${suffix()}`;
  const [video] = await content
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
  const [stored] = await content
    .select()
    .from(schema.videos)
    .where(eq(schema.videos.id, video!.id));
  return { ...stored!, key: stored!.key! };
}
