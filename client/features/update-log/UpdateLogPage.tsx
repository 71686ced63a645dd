import { useQueries, useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import Markdown from "react-markdown";
import { Link } from "react-router";
import { updateLogMessages } from "../../../shared/messages";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { usePageTitle } from "../../lib/page-title";
import { toast } from "../../lib/toast";
import { type ChangeLogEntry, changeLogPages, changeLogQueries } from "./change-logs";

export default function UpdateLogPage() {
  usePageTitle("Update Log");
  const manifest = useQuery({ ...changeLogQueries.manifest(), retry: false });
  const pages = manifest.data ? changeLogPages(manifest.data) : [];
  // How many pages of entries have been asked for: the newest first, older ones on request.
  const [asked, setAsked] = useState(1);
  const texts = useQueries({
    queries: pages
      .slice(0, asked)
      .map((filenames) => ({ ...changeLogQueries.texts(filenames.join(",")), retry: false })),
  });

  // Entries are shown page by page in order: a page appears once it and every newer one arrived.
  const entries: ChangeLogEntry[] = [];
  for (const page of texts) {
    if (!page.data) break;
    const listed = manifest.data?.slice(entries.length, entries.length + page.data.length) ?? [];
    entries.push(...listed.map((entry, j) => ({ ...entry, markdown: page.data[j] ?? "" })));
  }
  const failed = manifest.isError || texts.some((t) => t.isError);
  const loadingFirst = manifest.isPending || (pages.length > 0 && entries.length === 0 && !failed);
  const loadingOlder = texts.some((t) => t.isPending) && entries.length > 0;
  const more = asked < pages.length;

  useEffect(() => {
    if (failed) toast.error(updateLogMessages.loadFailed);
  }, [failed]);

  // After "Show older updates", the first older entry takes the focus, so reading goes on there.
  const firstOlder = useRef<HTMLHeadingElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom !== null && entries.length > focusFrom) {
      firstOlder.current?.focus();
      setFocusFrom(null);
    }
  }, [focusFrom, entries.length]);

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/dashboard"
        className="mb-4 inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
      </Link>
      <h1 className="mb-6 text-2xl font-semibold">Update Log</h1>
      {loadingFirst && <PageLoading label="Loading update logs..." />}
      {!loadingFirst && entries.length === 0 && (
        <p className="text-slate-500 dark:text-slate-400">{updateLogMessages.empty}</p>
      )}
      <ol className="space-y-6">
        {entries.map((entry, i) => (
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
            <h2
              ref={i === focusFrom ? firstOlder : undefined}
              tabIndex={-1}
              className="mb-3 mt-1 text-lg font-semibold outline-none"
            >
              {entry.title}
            </h2>
            {/* react-markdown renders no raw HTML, so a change log cannot inject markup. A long
                address in code breaks where it must: at 320 px one pushed the page sideways. */}
            <div className="prose-sm space-y-2 [overflow-wrap:anywhere] text-sm leading-6 text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_h3]:font-semibold [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800">
              <Markdown>{entry.markdown}</Markdown>
            </div>
          </li>
        ))}
      </ol>
      {entries.length > 0 && (more || loadingOlder) && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            disabled={loadingOlder}
            onClick={() => {
              setFocusFrom(entries.length);
              setAsked(asked + 1);
            }}
          >
            {loadingOlder ? "Loading older updates..." : "Show older updates"}
          </Button>
        </div>
      )}
    </div>
  );
}
