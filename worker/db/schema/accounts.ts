import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { authAttemptKinds, authTokenKinds } from "../../../shared/schemas/enums";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Always stored lowercase and trimmed, so lookups are exact. */
    email: text("email").notNull().unique(),
    name: text("name"),
    avatarKey: text("avatar_key"),
    phoneNumber: text("phone_number"),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": parameters kept so hashes can be upgraded. */
    passwordHash: text("password_hash").notNull(),
    /**
     * A temporary password (invitation or reset) is stored here, hashed, beside the real one, so
     * a stranger requesting a reset cannot lock the owner out of their current password.
     */
    temporaryPasswordHash: text("temporary_password_hash"),
    emailConfirmedAt: timestamp("email_confirmed_at"),
    isNewUser: flag("is_new_user"),
    isPasswordReset: flag("is_password_reset"),
    hasTemporaryPassword: flag("has_temporary_password"),
    passwordExpiresAt: timestamp("password_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The unique index is case-sensitive, so a mixed-case write would open a second account for
  // the same address; the check refuses it (ASCII only, which is what SQLite's lower() folds).
  (t) => [check("users_email_lowercase", sql`${t.email} = lower(${t.email})`)],
);

/** One row per refresh token; all rotations of one sign-in share a family. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    /** SHA-256 of the refresh token; the token itself is only ever in the cookie. */
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    /** Set when exchanged for a new token: presenting it again is reuse and revokes the family. */
    rotatedAt: timestamp("rotated_at"),
    revokedAt: timestamp("revoked_at"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at")
      .notNull()
      .$defaultFn(() => new Date()),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [
    index("sessions_family").on(t.familyId),
    index("sessions_user").on(t.userId),
    index("sessions_expires").on(t.expiresAt),
  ],
);

/** Single-use links (email confirmation, recovery, invitation), stored hashed. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: authTokenKinds }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_tokens_user_kind").on(t.userId, t.kind),
    index("auth_tokens_expires").on(t.expiresAt),
  ],
);

/** Failed sign-ins and reset requests, counted per key ("email:..." or "ip:...") for rate limits. */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: id(),
    key: text("key").notNull(),
    kind: text("kind", { enum: authAttemptKinds }).notNull(),
    createdAt: createdAt(),
  },
  // The first serves the rate-limit count, the second the hourly purge of old attempts.
  (t) => [
    index("auth_attempts_key_kind_created").on(t.key, t.kind, t.createdAt),
    index("auth_attempts_created").on(t.createdAt),
  ],
);
