import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/Card";
import { formatLocalDateTime } from "../../lib/format";
import { orgQueries } from "./org-api";

const describe = (
  action: string,
  details: Record<string, string | number | boolean | null> | null,
) => {
  const d = details ?? {};
  switch (action) {
    case "member.added":
      return `added ${d.email} as ${d.role === "admin" ? "Administrator" : "Standard User"}`;
    case "member.removed":
      return `removed ${d.email}${d.completely ? " (account deleted)" : ""}`;
    case "member.role_changed":
      return `changed a role from ${d.from} to ${d.to}`;
    case "member.updated":
      return "edited a member";
    case "member.password_reset":
      return "reset a member's password";
    case "organization.updated":
      return `renamed the organization to ${d.to}`;
    case "organization.logo_changed":
      return "changed the logo";
    case "organization.logo_removed":
      return "removed the logo";
    case "integrations.keys_changed":
      return `changed API keys (${d.types})`;
    case "google.connected":
      return `connected Google account ${d.email}`;
    case "google.disconnected":
      return "disconnected the Google account";
    case "storage.files_deleted":
      return `deleted ${d.deleted} of ${d.requested} Drive files`;
    default:
      return action;
  }
};

/** Who changed what, newest first (admins only). */
export function AuditCard({ orgId }: { orgId: string }) {
  const { data } = useQuery(orgQueries.audit(orgId));
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
              {formatLocalDateTime(e.createdAt)}
            </time>
            <span>
              <strong>{e.actorEmail ?? "A former member"}</strong> {describe(e.action, e.details)}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
