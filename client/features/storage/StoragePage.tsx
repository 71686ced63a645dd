import { useAuth } from "../../lib/auth/AuthProvider";

export default function StoragePage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <p className="mt-8 text-center text-slate-600 dark:text-slate-300">You need admin permissions to manage storage.</p>;
  return (
    <section aria-labelledby="storage-title">
      <h1 id="storage-title" className="text-2xl font-semibold">
        Drive storage
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Connect a Google account in Organization Settings to manage exported spreadsheets.</p>
    </section>
  );
}
