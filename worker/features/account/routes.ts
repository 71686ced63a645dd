import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { profileBodySchema } from "../../../shared/schemas/account";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { validate } from "../../lib/validate";
import { requireUser } from "../../middleware/auth";
import { findUserById, meResponse } from "../auth/users";

const userOrThrow = async (env: Env, userId: string) => {
  const user = await findUserById(getDb(env), userId);
  if (!user) throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
  return user;
};

/** The signed-in person's own profile (spec: Account Settings). */
export const accountRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .patch("/profile", validate("json", profileBodySchema), async (c) => {
    const { phoneNumber, name } = c.req.valid("json");
    const db = getDb(c.env);
    await db
      .update(users)
      .set({ phoneNumber, ...(name !== undefined ? { name } : {}), updatedAt: new Date() })
      .where(eq(users.id, c.get("userId")));
    return c.json(await meResponse(db, await userOrThrow(c.env, c.get("userId"))));
  })
  .post("/avatar", async (c) => {
    const user = await userOrThrow(c.env, c.get("userId"));
    const image = await readImageUpload(c.req.raw);
    const key = await storeImage(c.env.FILES, `avatars/${user.id}`, image);
    const db = getDb(c.env);
    await db
      .update(users)
      .set({ avatarKey: key, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    // The old picture is deleted only after the new one is saved: never a profile without one.
    if (user.avatarKey) await c.env.FILES.delete(user.avatarKey);
    return c.json(await meResponse(db, { ...user, avatarKey: key }));
  })
  .delete("/avatar", async (c) => {
    const user = await userOrThrow(c.env, c.get("userId"));
    if (!user.avatarKey)
      throw new ApiError("NOT_FOUND", "No avatar to remove", { reason: "no_avatar" });
    const db = getDb(c.env);
    await db
      .update(users)
      .set({ avatarKey: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await c.env.FILES.delete(user.avatarKey);
    return c.json(await meResponse(db, { ...user, avatarKey: null }));
  });
