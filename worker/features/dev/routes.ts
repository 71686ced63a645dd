import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { organizationContent } from "../../db/directory";
import type { AppEnv } from "../../env";
import { isSandbox } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { backfillDemoHistory } from "./backfill-history";
import { connectDemoOwner } from "./demo-owner";
import { renderMailbox } from "./mailbox-page";
import { recentMail, seededOrganizationId } from "./queries";
import { DEMO_ORGANIZATION, demoUsers, seedDemo } from "./seed";
import { seedDemoContent } from "./seed-content";
import { createTestOrganization, testOrganizationBodySchema } from "./test-organization";

/** Development-only routes vanish (404) unless the sandbox is on. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSandbox(c.env)) throw new ApiError("NOT_FOUND", "Not found");
  await next();
});

/** /dev/mailbox (HTML), /dev/seed and /dev/organizations. */
export const devRoutes = new Hono<AppEnv>()
  .use("*", sandboxOnly)
  .get("/mailbox", async (c) => c.html(renderMailbox(await recentMail(c.var.primary))))
  // ?content=none seeds only the organisation and its users (the browser suite adds its own data).
  .post(
    "/seed",
    validate("query", z.object({ content: z.enum(["demo", "none"]).default("demo") })),
    async (c) => {
      const primary = c.var.primary;
      const { organizationId, adminId, created } = await seedDemo(c.env, primary, c.var.log);
      const jobs =
        created && organizationId && c.req.valid("query").content === "demo"
          ? await seedDemoContent(
              c.env,
              (await organizationContent(c.env, primary, organizationId)).db,
              organizationId,
              adminId,
            )
          : [];
      return c.json({
        organization: { id: organizationId, name: DEMO_ORGANIZATION },
        users: demoUsers.map(({ email, password, role }) => ({ email, password, role })),
        created,
        ingestionJobs: jobs.length,
      });
    },
  )
  // A fresh organisation with its own admin and standard user for one browser test file.
  .post("/organizations", validate("json", testOrganizationBodySchema), async (c) =>
    c.json(await createTestOrganization(c.env, c.var.primary, c.var.log, c.req.valid("json")), 201),
  )
  // After the demo ingestion: history for its channels and videos, then their windows (see
  // backfill-history.ts). ?days= channel history, ?videoDays= daily video history.
  .post(
    "/backfill-history",
    validate(
      "query",
      z.object({
        days: z.coerce.number().int().min(1).max(800).default(400),
        videoDays: z.coerce.number().int().min(1).max(800).default(120),
        // A browser test file's own organisation (/dev/organizations); the demo one by default.
        organizationId: z.string().uuid().optional(),
      }),
    ),
    async (c) => {
      const { days, videoDays, organizationId } = c.req.valid("query");
      const orgId = await seededOrganizationId(c.var.primary, organizationId);
      if (!orgId) throw new ApiError("NOT_FOUND", "No such organisation has been seeded");
      const { db, d1 } = await organizationContent(c.env, c.var.primary, orgId);
      const history = await backfillDemoHistory(d1, db, orgId, days, Date.now(), videoDays);
      // The demo organisation's owner channel gets its exact history the way a real connection
      // does (a queued owner backfill); the other channels stay public, side by side.
      const owner = organizationId ? null : await connectDemoOwner(c.env, db, orgId, null);
      return c.json({ ...history, ownerConnected: owner?.connected ?? false });
    },
  );

/** /api/dev/mailbox?to= (JSON, for the browser tests). */
export const devApiRoutes = new Hono<AppEnv>()
  .use("*", sandboxOnly)
  .get(
    "/mailbox",
    validate("query", z.object({ to: z.string().max(254).optional() })),
    async (c) => {
      const mails = await recentMail(c.var.primary, c.req.valid("query").to);
      return c.json({
        messages: mails.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          kind: m.kind,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      });
    },
  );
