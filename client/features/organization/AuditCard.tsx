import { useQuery } from "@tanstack/react-query";
import { formatCreatedAt } from "../../../shared/schedule";
import type { AuditEntry } from "../../../shared/schemas/organization";
import { Card } from "../../components/Card";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { orgQueries } from "./org-api";

const roleLabel = (role: unknown) =>
  role === "admin" ? "Administrator" : role === "standard" ? "Standard User" : String(role);

const PROVIDER_NAMES: Record<string, string> = { youtube: "YouTube", simplecast: "Simplecast" };
/** "youtube,simplecast" as the app names them elsewhere: "YouTube, Simplecast". */
const providerNames = (types: unknown) =>
  String(types)
    .split(",")
    .map((t) => PROVIDER_NAMES[t] ?? t)
    .join(", ");

/**
 * One entry in words. Entries about a member name them (their address, while the account
 * exists); every action the server records has its sentence, so none shows as its code.
 */
const describe = ({ action, details, targetEmail }: AuditEntry) => {
  const d = details ?? {};
  const member = targetEmail ?? "a former member";
  switch (action) {
    case "member.added":
      return `added ${d.email} as ${roleLabel(d.role)}`;
    case "member.invited":
      return `invited ${d.email} as ${roleLabel(d.role)}`;
    case "member.invitation_resent":
      return `sent the invitation to ${d.email} again${d.emailSent === false ? " (the email could not be sent)" : ""}`;
    case "member.invitation_revoked":
      return `withdrew the invitation to ${d.email}`;
    case "member.removed":
      return `removed ${d.email}${d.completely ? " (account deleted)" : ""}`;
    case "member.role_changed":
      return `changed the role of ${member} from ${roleLabel(d.from)} to ${roleLabel(d.to)}`;
    case "member.updated":
      return `edited ${member}`;
    case "member.password_reset":
      return `reset the password of ${member}`;
    case "organization.updated":
      return `renamed the organization to ${d.to}`;
    case "organization.timezone_changed":
      return `changed the time zone from ${d.from} to ${d.to}`;
    case "organization.logo_changed":
      return "changed the logo";
    case "organization.logo_removed":
      return "removed the logo";
    case "integrations.keys_changed":
      return `changed API keys (${providerNames(d.types)})`;
    case "google.connected":
      return `connected Google account ${d.email}`;
    case "google.disconnected":
      return "disconnected the Google account";
    case "youtube_owner.connected":
      return d.email
        ? `connected YouTube owner analytics as ${d.email}`
        : "connected YouTube owner analytics";
    case "youtube_owner.disconnected":
      return "disconnected YouTube owner analytics";
    case "storage.files_deleted":
      return `deleted ${d.deleted} of ${d.requested} Drive files`;
    default:
      return action;
  }
};

/** Who changed what, newest first (admins only). */
export function AuditCard({ orgId }: { orgId: string }) {
  const { data } = useQuery(orgQueries.audit(orgId));
  // On the organisation's clock, as every other time the app shows (not the browser's).
  const timeZone = useTimeZone();
  return (
    <Card
      title="Activity"
      description="Administrative changes in this organization."
      id="audit-title"
    >
      {data && data.entries.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">No changes recorded yet.</p>
      )}
      <ol className="space-y-2 text-sm" data-testid="audit-log">
        {data?.entries.map((e) => (
          <li key={e.id} className="flex flex-wrap gap-x-2">
            <time className="text-slate-500 dark:text-slate-400" dateTime={e.createdAt}>
              {formatCreatedAt(new Date(e.createdAt), timeZone)}
            </time>
            {/* A 120-letter name without a space must wrap, not widen the page sideways. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <strong>{e.actorEmail ?? "A former member"}</strong> {describe(e)}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
