export default function DashboardPage() {
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-semibold">
        Dashboard
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Your YouTube channels and Simplecast shows will appear here.</p>
    </section>
  );
}
