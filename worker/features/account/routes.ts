import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { profileBodySchema } from "../../../shared/schemas/account";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { validate } from "../../lib/validate";
import { requireUser } from "../../middleware/auth";
import { findUserById, meResponse, rememberActiveOrganization } from "../auth/users";
import { answerInvitation } from "../organization/invitations";

const activeOrganizationBody = z.object({
  organizationId: z.string().uuid({ message: "Invalid organization id" }),
});
const invitationAnswerParam = z.object({
  invitationId: z.string().uuid({ message: "Invalid invitation id" }),
  answer: z.enum(["accept", "decline"]),
});

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
  /** The organisation switcher: remembers the choice (membership checked) and answers /me for it. */
  .post("/active-organization", validate("json", activeOrganizationBody), async (c) => {
    const db = getDb(c.env);
    const { organizationId } = c.req.valid("json");
    if (!(await rememberActiveOrganization(db, c.get("userId"), organizationId)))
      throw new ApiError("NOT_FOUND", "Organization not found");
    return c.json(await meResponse(db, await userOrThrow(c.env, c.get("userId")), organizationId));
  })
  /** The invited person's answer (the banner). Accepting makes them a member; nothing else does. */
  .post(
    "/invitations/:invitationId/:answer",
    validate("param", invitationAnswerParam),
    async (c) => {
      const db = getDb(c.env);
      const user = await userOrThrow(c.env, c.get("userId"));
      const { invitationId, answer } = c.req.valid("param");
      const { organizationId } = await answerInvitation(db, user, invitationId, answer);
      return c.json(await meResponse(db, user, answer === "accept" ? organizationId : undefined));
    },
  )
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
