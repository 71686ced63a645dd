import type { Brand } from "../shared/brand";
import type { Role } from "../shared/schemas/enums";
import type { Db } from "./db/client";
import type { organizations } from "./db/schema";
import type { Logger } from "./lib/logger";

/*
 * Secrets are not in wrangler.toml, so `wrangler types` cannot see them: declare them here.
 * Locally they come from .dev.vars (written by `npm start` on first run with random values).
 */
declare global {
  namespace Cloudflare {
    interface Env {
      /** HS256 key for access tokens (at least 32 random bytes, base64). */
      JWT_SECRET: string;
      /** AES-GCM key for secrets at rest (32 random bytes, base64). */
      ENCRYPTION_KEY: string;
      /** Resend API key; without it emails go to the development outbox. */
      RESEND_API_KEY?: string;
      /** Resend's API base URL (default https://api.resend.com), e.g. for a regional endpoint or a proxy. */
      RESEND_BASE_URL?: string;
      EMAIL_FROM?: string;
      GOOGLE_CLIENT_ID?: string;
      GOOGLE_CLIENT_SECRET?: string;
    }
  }
}

export type AppVariables = {
  requestId: string;
  brand: Brand;
  log: Logger;
  /**
   * The request's drizzle handle for content (handlers pass it to their feature's queries.ts):
   * under /api/orgs/:orgId, once the access check passed, the organisation's content database
   * (docs/content-databases.md); everywhere else the primary database, like `primary`.
   */
  db: Db;
  /**
   * The primary database: accounts, sessions, organisations, memberships, invitations, the audit
   * log and the directory. Under /api/orgs/:orgId the same object as `db` when the organisation's
   * content is in the primary database (created before the split).
   */
  primary: Db;
  /** Set by orgToken: the bearer token's claims, checked (the session is checked with the reads). */
  claims: { userId: string; sessionId: string };
  /** Set by requireUser. */
  userId: string;
  sessionId: string;
  /** Set by orgScope for /api/orgs/:orgId routes. */
  org: typeof organizations.$inferSelect;
  role: Role;
};

export type AppEnv = { Bindings: Env; Variables: AppVariables };

export const isSandbox = (env: Pick<Env, "SANDBOX">) => env.SANDBOX === "1";
