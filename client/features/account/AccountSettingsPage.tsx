import { useAuth } from "../../lib/auth/AuthProvider";

export default function AccountSettingsPage() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className="text-2xl font-semibold">
        Account Settings
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Signed in as {user?.email}.</p>
    </section>
  );
}
