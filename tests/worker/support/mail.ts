import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { schema } from "../../../worker/db/client";
import { db } from "./factories";
import { call } from "./http";

const mailSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      kind: z.string(),
      status: z.string(),
    }),
  ),
});

/** The emails sent to an address, newest first, as the sandbox mailbox API shows them. */
export const mailbox = async (to: string) =>
  mailSchema.parse((await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json).messages;

/** The outbox rows for an address, newest first (status, provider id and error included). */
export const outboxRows = (to: string) =>
  db()
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.toAddress, to))
    .orderBy(desc(schema.emailOutbox.createdAt));

/** The one-time token of an emailed `/#access_token=...&type=...` link. */
export const linkToken = (text: string) => /access_token=([^&\s]+)/.exec(text)?.[1] ?? "";
/** The temporary password an invitation or reset email carries. */
export const tempPassword = (text: string) => /temporary password: (\S+)/i.exec(text)?.[1] ?? "";
/** The confirmation link's path, from a sign-up email. */
export const confirmPath = (text: string) =>
  /http:\/\/localhost(\/api\/auth\/confirm\?token=\S+)/.exec(text)?.[1] ?? "";
