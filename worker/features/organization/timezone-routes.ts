import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { timeZoneIds } from "../../../shared/timezones";
import { getDb } from "../../db/client";
import { organizations } from "../../db/schema";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { requireAdmin } from "../../middleware/auth";

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
