import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { profileBodySchema } from "../../../shared/schemas/account";
import { timeZoneIds } from "../../../shared/timezones";
import { getDb } from "../../db/client";
import { organizations, users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { validate } from "../../lib/validate";
import { orgScope, requireAdmin, requireUser } from "../../middleware/auth";
import { findUserById, meResponse } from "../auth/users";
import { detailRoutes } from "../details/routes";
import { googleOrgRoutes } from "../google/routes";
import { ingestionRoutes } from "../ingestion/routes";
import { multiChannelRoutes } from "../multichannel/routes";
import { membersRoutes } from "../organization/members-routes";
import { organizationRoutes } from "../organization/routes";
import { overviewRoutes } from "../overview/routes";
import { reportDownloadRoutes } from "../reports/download-routes";
import { reportRoutes } from "../reports/routes";
import { storageRoutes } from "../storage/routes";
import { tableRoutes } from "../tables/routes";

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

/**
 * The organisation's time zone is organisation-wide, so only admins may change it (a standard
 * user sees it read-only in Account Settings).
 */
export const orgTimezoneRoutes = new Hono<AppEnv>().patch(
  "/",
  requireAdmin,
  validate("json", z.object({ timezone: z.enum(timeZoneIds) })),
  async (c) => {
    const { timezone } = c.req.valid("json");
    await getDb(c.env)
      .update(organizations)
      .set({ timezone, updatedAt: new Date() })
      .where(eq(organizations.id, c.get("org").id));
    return c.json({ timezone });
  },
);

/** Everything under /api/orgs/:orgId: the caller must be signed in and a member (else 404). */
export const orgRoutes = new Hono<AppEnv>()
  .use("*", requireUser, orgScope)
  .route("/timezone", orgTimezoneRoutes)
  .route("/members", membersRoutes)
  .route("/google", googleOrgRoutes)
  .route("/storage", storageRoutes)
  .route("/tables", tableRoutes)
  .route("/reports", reportDownloadRoutes)
  .route("/reports", reportRoutes)
  .route("/multi-channel", multiChannelRoutes)
  .route("/details", detailRoutes)
  .route("/overview", overviewRoutes)
  .route("/", ingestionRoutes)
  .route("/", organizationRoutes);
