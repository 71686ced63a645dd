import { eq } from "drizzle-orm";
import { organizationApi as routes } from "../../../shared/api/organization";
import { organizations } from "../../db/schema";
import { newRouter, reply } from "../../lib/openapi";
import { requireAdmin } from "../auth/middleware";

/**
 * The organisation's time zone is organisation-wide, so only admins may change it (a standard
 * user sees it read-only in Account Settings).
 */
export const orgTimezoneRoutes = newRouter().openapi(
  { ...routes.setTimezone, middleware: [requireAdmin] },
  async (c) => {
    const { timezone } = c.req.valid("json");
    await c.var.db
      .update(organizations)
      .set({ timezone, updatedAt: new Date() })
      .where(eq(organizations.id, c.get("org").id));
    return reply(c, routes.setTimezone, { timezone });
  },
);
