import type { EmailKind, EmailMessage } from "./types";

/** What every template needs: who it is from (brand) and where links point (request origin). */
export type EmailContext = { brandName: string; origin: string };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text is the source of truth; the HTML is the same lines, escaped, with links clickable. */
function build(
  kind: EmailKind,
  to: string,
  subject: string,
  lines: string[],
  ctx: EmailContext,
  organizationId?: string | null,
): EmailMessage {
  const text = [...lines, "", `— ${ctx.brandName}`].join("\n");
  const html = `<div style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5">${[
    ...lines,
    "",
    `— ${escapeHtml(ctx.brandName)}`,
  ]
    .map((line) =>
      line.startsWith("http")
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join("")}</div>`;
  return { to, subject, text, html, kind, organizationId: organizationId ?? null };
}

export const confirmationEmail = (to: string, link: string, ctx: EmailContext) =>
  build(
    "confirmation",
    to,
    `Confirm your ${ctx.brandName} account`,
    [
      "Welcome! Please confirm your email address to finish creating your account:",
      link,
      "The link is valid for 24 hours. If you did not sign up, ignore this email.",
    ],
    ctx,
  );

export const existingAccountEmail = (to: string, ctx: EmailContext) =>
  build(
    "existing_account",
    to,
    `Your ${ctx.brandName} account`,
    [
      "Someone tried to create an account with this email address, but you already have one.",
      `Sign in at ${ctx.origin}/ or use "Forgot password?" there if you no longer know your password.`,
      "If this was not you, you can ignore this email.",
    ],
    ctx,
  );

export const invitationEmail = (
  to: string,
  args: { organizationName: string; temporaryPassword: string; link: string },
  ctx: EmailContext,
  organizationId: string,
) =>
  build(
    "invitation",
    to,
    `You have been invited to ${args.organizationName} on ${ctx.brandName}`,
    [
      // Nobody is a member before they accept: following the link, or signing in with the
      // password, is the acceptance, so the email says so rather than "you have been added".
      `You have been invited to join ${args.organizationName}.`,
      `Your temporary password: ${args.temporaryPassword}`,
      "It expires in 24 hours. To accept, open this link and choose your own password:",
      args.link,
      `Or sign in at ${ctx.origin}/ with your email and the temporary password.`,
      "Nothing changes until you do. If you do not know this organization, ignore this email.",
    ],
    ctx,
    organizationId,
  );

/**
 * An invitation to someone who already has an account: no password, just the way to answer. The
 * admin never learns which of the two emails went out.
 */
export const existingAccountInvitationEmail = (
  to: string,
  args: { organizationName: string; link: string },
  ctx: EmailContext,
  organizationId: string,
) =>
  build(
    "invitation_existing",
    to,
    `You have been invited to ${args.organizationName} on ${ctx.brandName}`,
    [
      `You have been invited to join ${args.organizationName}.`,
      "Sign in with your usual password to accept or decline the invitation:",
      args.link,
      "Nothing changes until you accept. If you do not know this organization, decline it or ignore this email.",
    ],
    ctx,
    organizationId,
  );

export const resetEmail = (
  kind: "admin_reset" | "self_reset",
  to: string,
  args: { temporaryPassword: string; link: string },
  ctx: EmailContext,
  organizationId?: string,
) =>
  build(
    kind,
    to,
    `Your ${ctx.brandName} password reset`,
    [
      kind === "admin_reset"
        ? "An administrator reset your password."
        : "We received a request to reset your password.",
      `Your temporary password: ${args.temporaryPassword}`,
      "It expires in 24 hours. Open this link to choose a new password:",
      args.link,
      `Or sign in at ${ctx.origin}/ with your email and the temporary password.`,
      kind === "self_reset"
        ? "If you did not ask for this, ignore this email: your current password keeps working."
        : "",
    ].filter(Boolean),
    ctx,
    organizationId,
  );
