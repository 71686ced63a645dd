import { organizationApi as routes } from "../../../shared/api/organization";
import type { organizations } from "../../db/schema";
import { ApiError } from "../../errors";
import { newRouter, reply } from "../../lib/openapi";
import { readImageUpload, storeImage } from "../../lib/uploads";
import { requireAdmin } from "../auth/middleware";
import { imageUrl } from "../auth/users";
import { audit, recentAudit } from "./audit";
import { integrationViews, saveApiKey } from "./integrations";
import { updateOrganization } from "./queries";

const view = (org: typeof organizations.$inferSelect) => ({
  id: org.id,
  name: org.name,
  logoUrl: imageUrl(org.logoKey),
  timezone: org.timezone,
});

const admin = { middleware: [requireAdmin] };

/** Organization Settings (admin): information, logo, API keys, audit log. Mounted behind orgScope. */
export const organizationRoutes = newRouter()
  .openapi(routes.get, (c) =>
    reply(c, routes.get, { organization: view(c.get("org")), role: c.get("role") }),
  )
  .openapi({ ...routes.rename, ...admin }, async (c) => {
    const org = c.get("org");
    const { name } = c.req.valid("json");
    const updated = await updateOrganization(org.id, c.var, { name });
    await audit(c.var.primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "organization.updated",
      targetType: "organization",
      targetId: org.id,
      details: { from: org.name, to: name },
    });
    return reply(c, routes.rename, { organization: view(updated) });
  })
  .openapi({ ...routes.uploadLogo, ...admin }, async (c) => {
    const org = c.get("org");
    const key = await storeImage(
      c.env.FILES,
      `organizations/${org.id}`,
      await readImageUpload(c.req.raw),
    );
    const updated = await updateOrganization(org.id, c.var, { logoKey: key });
    if (org.logoKey) await c.env.FILES.delete(org.logoKey);
    await audit(c.var.primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "organization.logo_changed",
      targetType: "organization",
      targetId: org.id,
    });
    return reply(c, routes.uploadLogo, { organization: view(updated) });
  })
  .openapi({ ...routes.removeLogo, ...admin }, async (c) => {
    const org = c.get("org");
    if (!org.logoKey)
      throw new ApiError("NOT_FOUND", "No logo to remove or insufficient permissions", {
        reason: "no_logo",
      });
    const updated = await updateOrganization(org.id, c.var, { logoKey: null });
    await c.env.FILES.delete(org.logoKey);
    await audit(c.var.primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "organization.logo_removed",
      targetType: "organization",
      targetId: org.id,
    });
    return reply(c, routes.removeLogo, { organization: view(updated) });
  })
  .openapi({ ...routes.integrations, ...admin }, async (c) =>
    reply(c, routes.integrations, {
      integrations: await integrationViews(c.var.db, c.get("org").id),
    }),
  )
  .openapi({ ...routes.saveKeys, ...admin }, async (c) => {
    // The keys are content (the organisation's database); the audit log is primary.
    const { db, primary } = c.var;
    const org = c.get("org");
    const { youtubeApiKey, simplecastApiKey } = c.req.valid("json");
    if (youtubeApiKey) await saveApiKey(db, c.env.ENCRYPTION_KEY, org.id, "youtube", youtubeApiKey);
    if (simplecastApiKey)
      await saveApiKey(db, c.env.ENCRYPTION_KEY, org.id, "simplecast", simplecastApiKey);
    const changed = [youtubeApiKey ? "youtube" : null, simplecastApiKey ? "simplecast" : null]
      .filter(Boolean)
      .join(",");
    await audit(primary, {
      organizationId: org.id,
      actorUserId: c.get("userId"),
      action: "integrations.keys_changed",
      targetType: "integration",
      details: { types: changed },
    });
    return reply(c, routes.saveKeys, { integrations: await integrationViews(db, org.id) });
  })
  .openapi({ ...routes.audit, ...admin }, async (c) =>
    reply(c, routes.audit, { entries: await recentAudit(c.var.primary, c.get("org").id) }),
  );
