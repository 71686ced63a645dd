import { useAuth } from "../../lib/auth/AuthProvider";
import { PageLoading } from "../../components/PageLoading";

export default function OrganizationSettingsPage() {
  const { isAdmin, isLoading, organization } = useAuth();
  if (isLoading) return <PageLoading label="Loading organization..." />;
  if (!isAdmin) return <p className="mt-8 text-center text-slate-600 dark:text-slate-300">You need admin permissions to access organization settings.</p>;
  return (
    <section aria-labelledby="org-title">
      <h1 id="org-title" className="text-2xl font-semibold">
        Organization Settings
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{organization?.name}</p>
    </section>
  );
}
