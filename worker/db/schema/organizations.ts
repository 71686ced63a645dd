import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  googleConnectionStatuses,
  integrationStatuses,
  integrationTypes,
  roles,
} from "../../../shared/schemas/enums";
import { DEFAULT_TIME_ZONE } from "../../../shared/timezones";
import { users } from "./accounts";
import { createdAt, id, timestamp, updatedAt } from "./columns";

export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  /** R2 key of the uploaded logo; the API turns it into a URL. */
  logoKey: text("logo_key"),
  timezone: text("timezone").notNull().default(DEFAULT_TIME_ZONE),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owning organisation of a row: required, and deleted with the organisation. */
export const organizationIdColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

export const userOrganizations = sqliteTable(
  "user_organizations",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull().default("standard"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index("user_organizations_org_role").on(t.organizationId, t.role),
  ],
);

/** Provider API keys, one per organisation and type, encrypted at rest (AES-GCM). */
export const integrations = sqliteTable(
  "integrations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type", { enum: integrationTypes }).notNull(),
    /** base64 "iv.ciphertext"; never leaves the Worker. */
    apiKeyCiphertext: text("api_key_ciphertext").notNull(),
    /** Last four characters, for the mask the UI shows. */
    apiKeyLast4: text("api_key_last4").notNull(),
    status: text("status", { enum: integrationStatuses }).notNull().default("pending"),
    lastCheckedAt: timestamp("last_checked_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("integrations_org_type").on(t.organizationId, t.type)],
);

/** The Google account an admin connected for Sheets/Drive exports (ARCHITECTURE section 9). */
export const googleConnections = sqliteTable("google_connections", {
  id: id(),
  organizationId: text("organization_id")
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: "cascade" }),
  googleEmail: text("google_email").notNull(),
  refreshTokenCiphertext: text("refresh_token_ciphertext").notNull(),
  scopes: text("scopes").notNull(),
  status: text("status", { enum: googleConnectionStatuses }).notNull().default("active"),
  connectedByUserId: text("connected_by_user_id").references(() => users.id, {
    onDelete: "set null",
  }),
  lastError: text("last_error"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who changed what in an organisation (admin actions), newest first per organisation. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: text("details", { mode: "json" }).$type<
      Record<string, string | number | boolean | null>
    >(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_org_created").on(t.organizationId, t.createdAt)],
);
