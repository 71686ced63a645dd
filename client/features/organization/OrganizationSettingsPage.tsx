import { useEffect } from "react";
import { PageLoading } from "../../components/PageLoading";
import { useAuth } from "../../lib/auth/AuthProvider";
import { usePageTitle } from "../../lib/page-title";
import { ApiKeysCard } from "./ApiKeysCard";
import { AuditCard } from "./AuditCard";
import { GoogleCard } from "./GoogleCard";
import { MembersCard } from "./MembersCard";
import { OrganizationInfoCard } from "./OrganizationInfoCard";
import { MEMBERSHIP_CHANGED, orgMessages } from "./org-api";

export default function OrganizationSettingsPage() {
  usePageTitle("Organization Settings");
  const { isAdmin, isLoading, organization, reload } = useAuth();
  // Demoted or removed while the page is open: read /me again at the first refusal that says so.
  useEffect(() => {
    const catchUp = () => void reload().catch(() => undefined);
    window.addEventListener(MEMBERSHIP_CHANGED, catchUp);
    return () => window.removeEventListener(MEMBERSHIP_CHANGED, catchUp);
  }, [reload]);
  if (isLoading) return <PageLoading label={orgMessages.loading} />;
  // Non-admins never load the member list or integrations (the server refuses them anyway).
  if (!isAdmin || !organization)
    return (
      <p className="mt-8 text-center text-slate-600 dark:text-slate-300">
        {orgMessages.noPermission}
      </p>
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold">Organization Settings</h1>
      <OrganizationInfoCard orgId={organization.id} />
      <ApiKeysCard orgId={organization.id} />
      <GoogleCard orgId={organization.id} />
      <MembersCard orgId={organization.id} />
      <AuditCard orgId={organization.id} />
    </div>
  );
}
