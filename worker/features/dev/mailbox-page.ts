import type { emailOutbox } from "../../db/schema";
import { escapeHtml } from "../../lib/html";

type Mail = typeof emailOutbox.$inferSelect;
// Links in the plain text become clickable; everything else is escaped.
const linkify = (text: string) =>
  escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);

/** The development mailbox: every email the app sent, newest first. Server-rendered, no script. */
export function renderMailbox(mails: Mail[]): string {
  const items = mails
    .map(
      (m) => `<article data-testid="mail">
  <header><strong class="subject">${escapeHtml(m.subject)}</strong><span>to <span class="to">${escapeHtml(m.toAddress)}</span> · ${m.createdAt.toISOString()} · ${escapeHtml(m.status)}</span></header>
  <pre>${linkify(m.textBody)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}header span{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><h1>Development mailbox</h1><p>Emails the app sent while the sandbox is on (no real delivery).</p>
${items || "<p>No emails yet.</p>"}</body></html>`;
}
