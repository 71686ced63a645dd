import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatBytes } from "../../../shared/format";
import { Card } from "../../components/Card";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { ApiError } from "../../lib/api/client";
import { useAuth } from "../../lib/auth/AuthProvider";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { formatDateIn } from "../../lib/format";
import { usePageTitle } from "../../lib/page-title";
import { toast } from "../../lib/toast";
import { type DriveFile, storageApi } from "./storage-api";
import { UsageBar } from "./UsageBar";

const message = (error: unknown) => (error instanceof Error ? error.message : "unknown error");
const typeLabel = (mime: string) =>
  mime === "application/vnd.google-apps.spreadsheet"
    ? "Google Sheet"
    : mime === "text/csv"
      ? "CSV"
      : mime;

export default function StoragePage() {
  usePageTitle("Drive storage");
  const { isAdmin, isLoading, organization } = useAuth();
  const orgId = organization?.id;
  const timeZone = useTimeZone();
  const [quota, setQuota] = useState<{ usage: number; limit: number | null } | null>(null);
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [nextPage, setNextPage] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notConnected, setNotConnected] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    if (!orgId) return;
    setBusy(true);
    setSelected(new Set());
    try {
      const q = await storageApi.quota(orgId);
      setQuota({
        usage: Number(q.quota.usage),
        limit: q.quota.limit ? Number(q.quota.limit) : null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.reason === "google_not_connected") {
        // The files would be refused for the same reason: one answer says it.
        setNotConnected(true);
        setBusy(false);
        return;
      }
      toast.error(`Failed to load storage quota: ${message(error)}`);
    }
    try {
      const page = await storageApi.files(orgId);
      setFiles(page.files);
      setNextPage(page.nextPageToken);
    } catch (error) {
      if (!(error instanceof ApiError && error.reason === "google_not_connected"))
        toast.error(`Failed to load files: ${message(error)}`);
    } finally {
      setBusy(false);
    }
  }, [orgId]);

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  const heading = <h1 className="text-2xl font-semibold">Drive storage</h1>;
  if (isLoading) return <PageLoading />;
  if (!isAdmin || !orgId)
    return (
      <div className="space-y-6">
        {heading}
        <p className="text-slate-600 dark:text-slate-300">
          You need admin permissions to manage storage.
        </p>
      </div>
    );
  if (notConnected) {
    return (
      <div className="space-y-6">
        {heading}
        <Card title="No Google account connected" id="storage-title">
          <p className="text-sm">
            Connect one under{" "}
            <Link
              className="text-indigo-700 underline dark:text-indigo-300"
              to="/organization-settings"
            >
              Organization Settings → Google Sheets export
            </Link>{" "}
            to see its storage and the spreadsheets Crosscast created.
          </p>
        </Card>
      </div>
    );
  }

  const loadMore = async () => {
    if (!nextPage) return;
    setBusy(true);
    try {
      const page = await storageApi.files(orgId, nextPage);
      setFiles((f) => [...f, ...page.files]);
      setNextPage(page.nextPageToken);
    } catch (error) {
      // Drive no longer takes the page's token (it lasts some hours, and the list changed): the
      // list starts again from its first page, as Drive's documents ask.
      if (error instanceof ApiError && error.reason === "page_token_rejected") {
        toast.info("The file list changed in Drive, so it starts again from the top.");
        await load();
        return;
      }
      toast.error(`Failed to load files: ${message(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const askDelete = () =>
    selected.size === 0 ? toast.error("Please select files to delete") : setConfirming(true);
  const doDelete = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await storageApi.remove(orgId, [...selected]);
      // A file Drive would not delete is named with Drive's reason; "0 of 1" is not a success.
      const nameOf = (id: string) => files.find((f) => f.id === id)?.name ?? id;
      const failures = result.results
        .filter((r) => !r.success)
        .map((r) => `${nameOf(r.id)} (${r.error ?? "unknown error"})`);
      if (result.deleted > 0)
        toast.success(`Successfully deleted ${result.deleted} of ${result.requested} files`);
      if (failures.length > 0) toast.error(`Failed to delete files: ${failures.join("; ")}`);
      await load();
    } catch (error) {
      toast.error(`Failed to delete files: ${message(error)}`);
      setBusy(false);
    }
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className="relative space-y-6">
      {heading}
      {quota && (
        <Card title="Usage" id="usage-title">
          <UsageBar usage={quota.usage} limit={quota.limit} />
        </Card>
      )}
      <Card title="Files" id="files-title">
        <div className="mb-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void load()} disabled={busy}>
            Refresh
          </Button>
          <Button
            variant="secondary"
            onClick={() => setSelected(new Set(files.map((f) => f.id)))}
            disabled={busy || files.length === 0}
          >
            Select All
          </Button>
          <Button
            variant="secondary"
            onClick={() => setSelected(new Set())}
            disabled={busy || selected.size === 0}
          >
            Clear Selection
          </Button>
          {/* Red only with something to delete; with nothing selected it stays a quiet button that
              says what to do (the spec's alert) instead of a red "Delete Selected (0)". */}
          <Button
            variant={selected.size > 0 ? "danger" : "secondary"}
            onClick={askDelete}
            disabled={busy}
          >
            {selected.size > 0 ? `Delete Selected (${selected.size})` : "Delete Selected"}
          </Button>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:text-slate-400 dark:border-slate-700">
              <tr>
                <th className="py-2 pr-3">
                  <span className="sr-only">Select</span>
                </th>
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Type</th>
                <th className="py-2 pr-3">Size</th>
                <th className="py-2">Created</th>
              </tr>
            </thead>
            <tbody>
              {files.length === 0 && !busy && (
                <tr>
                  <td colSpan={5} className="py-10 text-center text-slate-600 dark:text-slate-300">
                    No files yet. Spreadsheets that Crosscast creates in the connected Drive appear
                    here.
                  </td>
                </tr>
              )}
              {files.map((f) => (
                <tr
                  key={f.id}
                  className="border-b border-slate-100 dark:border-slate-800"
                  data-testid="drive-file"
                >
                  <td className="py-2 pr-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${f.name}`}
                      checked={selected.has(f.id)}
                      onChange={() => toggle(f.id)}
                    />
                  </td>
                  <td className="py-2 pr-3">{f.name}</td>
                  <td className="py-2 pr-3">{typeLabel(f.mimeType)}</td>
                  <td className="py-2 pr-3">{f.size ? formatBytes(Number(f.size)) : "—"}</td>
                  <td className="py-2">
                    {f.createdTime ? formatDateIn(f.createdTime, timeZone) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {nextPage && (
          <div className="mt-3">
            <Button variant="secondary" onClick={() => void loadMore()} disabled={busy}>
              Load More Files
            </Button>
          </div>
        )}
      </Card>
      {busy && (
        <div
          className="absolute inset-0 flex items-center justify-center bg-white/60 dark:bg-slate-950/60"
          role="status"
          aria-live="polite"
        >
          <span className="rounded bg-white px-3 py-2 text-sm shadow dark:bg-slate-900">
            Loading...
          </span>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete files"
        description={`Are you sure you want to delete ${selected.size} files? This cannot be undone.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void doDelete()}>
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
