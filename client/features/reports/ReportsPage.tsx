export default function ReportsPage() {
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title" className="text-2xl font-semibold">
        Reports
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">One-time, recurring and multi-channel reports will appear here.</p>
    </section>
  );
}
