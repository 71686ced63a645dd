import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { emailStatuses } from "../../../shared/schemas/enums";
import { createdAt, id } from "./columns";
import { organizations } from "./organizations";

/** Every email the app sent or tried to send; in development the outbox is the mailbox. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    organizationId: text("organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    status: text("status", { enum: emailStatuses }).notNull(),
    providerMessageId: text("provider_message_id"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_created").on(t.createdAt),
    index("email_outbox_to").on(t.toAddress, t.createdAt),
  ],
);
