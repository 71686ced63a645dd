import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import Markdown from "react-markdown";
import { Link } from "react-router";
import { updateLogMessages } from "../../../shared/messages";
import { PageLoading } from "../../components/PageLoading";
import { usePageTitle } from "../../lib/page-title";
import { toast } from "../../lib/toast";
import { changeLogQueries } from "./change-logs";

export default function UpdateLogPage() {
  usePageTitle("Update Log");
  const { data, isPending, isError } = useQuery({
    ...changeLogQueries.all(),
    retry: false,
  });

  useEffect(() => {
    if (isError) toast.error(updateLogMessages.loadFailed);
  }, [isError]);

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/dashboard"
        className="mb-4 inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
      </Link>
      <h1 className="mb-6 text-2xl font-semibold">Update Log</h1>
      {isPending && <PageLoading label="Loading update logs..." />}
      {!isPending && (isError || !data?.length) && (
        <p className="text-slate-500 dark:text-slate-400">{updateLogMessages.empty}</p>
      )}
      <ol className="space-y-6">
        {data?.map((entry) => (
          <li
            key={entry.filename}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            data-testid="change-log-entry"
          >
            <time
              dateTime={entry.date}
              className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400"
            >
              {entry.date}
            </time>
            <h2 className="mb-3 mt-1 text-lg font-semibold">{entry.title}</h2>
            {/* react-markdown renders no raw HTML, so a change log cannot inject markup. A long
                address in code breaks where it must: at 320 px one pushed the page sideways. */}
            <div className="prose-sm space-y-2 [overflow-wrap:anywhere] text-sm leading-6 text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_h3]:font-semibold [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800">
              <Markdown>{entry.markdown}</Markdown>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
