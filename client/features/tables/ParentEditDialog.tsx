import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { toast } from "../../lib/toast";
import { dashboardApi, ingestionMessages } from "../dashboard/dashboard-api";
import { RelativeTime } from "../details/RelativeTime";
import { OwnerSection } from "../owner/OwnerSection";
import type { TableRow } from "./columns";
import { deleteRows } from "./table-api";

/*
 * Edit for one channel or show. YouTube and Simplecast own its name and figures; what the
 * organisation controls is whether Crosscast tracks it and when it is refreshed. So Edit offers
 * exactly that: refresh this one now, or stop tracking it (which deletes its history here).
 */
export function ParentEditDialog({
  orgId,
  table,
  row,
  onClose,
  onChanged,
}: {
  orgId: string;
  table: "channels" | "shows";
  row: TableRow;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { isAdmin } = useAuth();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const youtube = table === "channels";
  const title = String(row.title ?? "");
  const id = String(row.id);
  const refresh = async () => {
    setBusy(true);
    try {
      await dashboardApi.refresh(orgId, youtube ? "youtube" : "simplecast", [id]);
      toast.success(youtube ? ingestionMessages.channelUpdateInitiated : "Show refresh started");
      onChanged();
      onClose();
    } catch (error) {
      toast.error(
        serverMessage(
          error,
          youtube ? "Failed to add channel" : ingestionMessages.refreshSimplecastFailed,
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      const { deleted } = await deleteRows(orgId, table, [id]);
      toast.success(`${deleted} ${youtube ? "channel(s)" : "show(s)"} deleted`);
      onChanged();
      onClose();
    } catch (error) {
      toast.error(serverMessage(error, `Failed to delete the ${youtube ? "channel" : "show"}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${title}`}
      description={`${youtube ? "YouTube" : "Simplecast"} owns this ${youtube ? "channel" : "show"}'s name and figures; here you choose how Crosscast tracks it.`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Last refreshed</dt>
        <dd>
          <RelativeTime iso={typeof row.lastUpdated === "string" ? row.lastUpdated : null} />
        </dd>
        {youtube && row.handle && (
          <>
            <dt className="text-slate-600 dark:text-slate-300">On YouTube</dt>
            <dd>
              <a
                className="text-indigo-700 underline dark:text-indigo-300"
                href={`https://www.youtube.com/${row.handle}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {String(row.handle)}
              </a>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-5 space-y-4">
        <section className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">Fetch its latest figures now instead of at the daily refresh.</p>
          <Button variant="secondary" disabled={busy} onClick={() => void refresh()}>
            Refresh now
          </Button>
        </section>
        {youtube && isAdmin && <OwnerSection orgId={orgId} channelId={id} />}
        <section className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          <p className="text-sm">
            Stop tracking it: its {youtube ? "videos" : "episodes"} and history are deleted from
            Crosscast.
          </p>
          {confirming ? (
            <span className="flex gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => void stop()}>
                {busy ? "Deleting..." : "Delete"}
              </Button>
            </span>
          ) : (
            <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
              Stop tracking
            </Button>
          )}
        </section>
      </div>
    </Dialog>
  );
}
