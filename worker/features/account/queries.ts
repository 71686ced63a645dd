import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/*
 * The signed-in person's own row. Every function takes the user first and touches only that row.
 */

type ProfileChange = Partial<Pick<typeof users.$inferInsert, "name" | "phoneNumber" | "avatarKey">>;

export async function updateProfile(userId: string, db: Db, change: ProfileChange) {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
