import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  googleConnectionStatuses,
  integrationStatuses,
  integrationTypes,
  invitationStatuses,
  roles,
} from "../../../shared/schemas/enums";
import { DEFAULT_TIME_ZONE } from "../../../shared/timezones";
import { users } from "./accounts";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";

export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  /** R2 key of the uploaded logo; the API turns it into a URL. */
  logoKey: text("logo_key"),
  timezone: text("timezone").notNull().default(DEFAULT_TIME_ZONE),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Each organisation's small integer key in this database, which the videos' and episodes' indexes
 * lead with instead of the 36-character id, which was three quarters of those indexes' bytes
 * (docs/performance.md, "An integer organisation key, built"). Unique in
 * one database only, so never copied when an organisation moves: the organisation's insert
 * trigger gives it one here (migrations 0015 / content 0005). `key` is the rowid, which VACUUM
 * keeps.
 */
export const organizationKeys = sqliteTable("organization_keys", {
  key: integer("key").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: "cascade" }),
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
    /**
     * How the person appears in this organisation (set by its admins). Their own name on
     * users.name is theirs alone; lists show this one when it is set.
     */
    displayName: text("display_name"),
    /** When the person last worked in this organisation: the one they land in next time. */
    lastUsedAt: timestamp("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index("user_organizations_org_role").on(t.organizationId, t.role),
  ],
);

/**
 * An organisation's invitation to an email address. Nobody becomes a member without accepting:
 * the row becomes a membership when the invited person accepts (or, for an address that had no
 * account, when they first use the emailed temporary password or link, which is their acceptance).
 * One per organisation and address, so parallel invitations of one address cannot duplicate.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lowercase, like users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull().default("standard"),
    /** The name the admin typed: how the person will appear in this organisation. */
    displayName: text("display_name"),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    /** The invitation created the account (the address had none): using its temporary password accepts it. */
    createdAccount: flag("created_account"),
    expiresAt: timestamp("expires_at").notNull(),
    lastSentAt: timestamp("last_sent_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_org_email").on(t.organizationId, t.email),
    index("invitations_email_status").on(t.email, t.status),
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

/**
 * Which boards (multi-channel preview rooms) a person has opened, so ending their access (removal,
 * role change, sign-out, password change, reset) can close exactly those sockets at once.
 */
export const boardConnections = sqliteTable(
  "board_connections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    previewId: text("preview_id").notNull(),
    lastTicketAt: timestamp("last_ticket_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.previewId] }),
    index("board_connections_org").on(t.organizationId),
    index("board_connections_ticket").on(t.lastTicketAt),
  ],
);
