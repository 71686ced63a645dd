import { accountApi as routes } from "../../../shared/api/account";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { requireUser } from "../auth/middleware";
import { findUserById, meResponse, rememberActiveOrganization } from "../auth/users";
import { answerInvitation } from "../organization/invitations";
import { updateProfile } from "./queries";

const userOrThrow = async (db: Db, userId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("UNAUTHORIZED", "No valid session found", { reason: "no_session" });
  return user;
};

// Scoped to /account/*, not "*": the router is mounted at "/" with the API's other routes.
const signedIn = newRouter();
signedIn.use("/account/*", requireUser);

/** The signed-in person's own profile (spec: Account Settings). */
export const accountRoutes = signedIn
  .openapi(routes.updateProfile, async (c) => {
    const { phoneNumber, name } = c.req.valid("json");
    const db = c.var.primary;
    await updateProfile(c.get("userId"), db, {
      phoneNumber,
      ...(name !== undefined ? { name } : {}),
    });
    return reply(
      c,
      routes.updateProfile,
      await meResponse(db, await userOrThrow(c.var.primary, c.get("userId"))),
    );
  })
  .openapi(routes.uploadAvatar, async (c) => {
    const user = await userOrThrow(c.var.primary, c.get("userId"));
    const image = await readImageUpload(c.req.raw);
    const key = await storeImage(c.env.FILES, `avatars/${user.id}`, image);
    const db = c.var.primary;
    await updateProfile(user.id, db, { avatarKey: key });
    // The old picture is deleted only after the new one is saved: never a profile without one.
    if (user.avatarKey) await c.env.FILES.delete(user.avatarKey);
    return reply(c, routes.uploadAvatar, await meResponse(db, { ...user, avatarKey: key }));
  })
  /** The organisation switcher: remembers the choice (membership checked) and answers /me for it. */
  .openapi(routes.setActiveOrganization, async (c) => {
    const db = c.var.primary;
    const { organizationId } = c.req.valid("json");
    if (!(await rememberActiveOrganization(db, c.get("userId"), organizationId)))
      throw new ApiError("NOT_FOUND", "Organization not found");
    return reply(
      c,
      routes.setActiveOrganization,
      await meResponse(db, await userOrThrow(c.var.primary, c.get("userId")), organizationId),
    );
  })
  /** The invited person's answer (the banner). Accepting makes them a member; nothing else does. */
  .openapi(routes.answerInvitation, async (c) => {
    const db = c.var.primary;
    const user = await userOrThrow(c.var.primary, c.get("userId"));
    const { invitationId, answer } = c.req.valid("param");
    const { organizationId } = await answerInvitation(db, user, invitationId, answer);
    const active = answer === "accept" ? organizationId : undefined;
    return reply(c, routes.answerInvitation, await meResponse(db, user, active));
  })
  .openapi(routes.removeAvatar, async (c) => {
    const user = await userOrThrow(c.var.primary, c.get("userId"));
    if (!user.avatarKey)
      throw new ApiError("NOT_FOUND", "No avatar to remove", { reason: "no_avatar" });
    const db = c.var.primary;
    await updateProfile(user.id, db, { avatarKey: null });
    await c.env.FILES.delete(user.avatarKey);
    return reply(c, routes.removeAvatar, await meResponse(db, { ...user, avatarKey: null }));
  });
