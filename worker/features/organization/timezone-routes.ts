import { organizationApi as routes } from "../../../shared/api/organization";
import { newRouter, reply } from "../../lib/openapi";
import { requireAdmin } from "../auth/middleware";
import { audit } from "./audit";
import { setTimezone } from "./queries";

/**
 * The organisation's time zone is organisation-wide, so only admins may change it (a standard
 * user sees it read-only in Account Settings).
 */
export const orgTimezoneRoutes = newRouter().openapi(
  { ...routes.setTimezone, middleware: [requireAdmin] },
  async (c) => {
    const { timezone } = c.req.valid("json");
    const org = c.get("org");
    await setTimezone(org.id, c.var, timezone);
    // Recorded: it moves every date the organisation sees and the day weekly and monthly
    // schedules run on. Choosing the zone already set changes nothing and is not recorded.
    if (org.timezone !== timezone)
      await audit(c.var.primary, {
        organizationId: org.id,
        actorUserId: c.get("userId"),
        action: "organization.timezone_changed",
        targetType: "organization",
        targetId: org.id,
        details: { from: org.timezone, to: timezone },
      });
    return reply(c, routes.setTimezone, { timezone });
  },
);
