import { organizationApi as routes } from "../../../shared/api/organization";
import { newRouter, reply } from "../../lib/openapi";
import { requireAdmin } from "../auth/middleware";
import { setTimezone } from "./queries";

/**
 * The organisation's time zone is organisation-wide, so only admins may change it (a standard
 * user sees it read-only in Account Settings).
 */
export const orgTimezoneRoutes = newRouter().openapi(
  { ...routes.setTimezone, middleware: [requireAdmin] },
  async (c) => {
    const { timezone } = c.req.valid("json");
    await setTimezone(c.get("org").id, c.var, timezone);
    return reply(c, routes.setTimezone, { timezone });
  },
);
