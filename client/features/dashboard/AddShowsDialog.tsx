import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";
import { TitleText } from "../../components/TitleText";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { ConnectForm } from "./ConnectForm";
import { dashboardApi, dashboardQueries, ingestionMessages } from "./dashboard-api";
import { followJob, SHOW_POLLING } from "./follow-job";

type Props = {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connected: boolean;
  isAdmin: boolean;
  onChanged: () => void;
};

/** 'Connect Simplecast' until active, then 'Add Simplecast Shows' listing the account's podcasts. */
export function AddShowsDialog({
  orgId,
  open,
  onOpenChange,
  connected,
  isAdmin,
  onChanged,
}: Props) {
  const [podcasts, setPodcasts] = useState<Array<{
    id: string;
    title: string;
    tracked: boolean;
  }> | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // The dashboard's own list, to count the shows an add really brought.
  const shows = useQuery({ ...dashboardQueries.shows(orgId), enabled: open });

  useEffect(() => {
    if (!open || !connected) return;
    let cancelled = false;
    dashboardApi
      .podcasts(orgId)
      .then(({ podcasts: list }) => {
        if (cancelled) return;
        setPodcasts(list);
        toast.success(ingestionMessages.foundPodcasts(list.length));
      })
      .catch((e: unknown) => toast.error(serverMessage(e, ingestionMessages.fetchPodcastsFailed)));
    return () => {
      cancelled = true;
    };
  }, [open, connected, orgId]);

  const add = async () => {
    setBusy(true);
    try {
      const before = shows.data?.shows.length;
      const { jobId } = await dashboardApi.addShows(orgId, [...selected]);
      toast.info(ingestionMessages.processingShows);
      onChanged();
      const job = await followJob(orgId, jobId, SHOW_POLLING);
      if (job?.status === "succeeded") {
        // The shows the list gained, not the ticks: a show already tracked is refreshed, not
        // added ("Successfully added 2 show(s)" when the list grew by one).
        const after = (await shows.refetch()).data?.shows.length;
        const added = before === undefined || after === undefined ? selected.size : after - before;
        toast.success(
          added > 0 ? ingestionMessages.showsAdded(added) : ingestionMessages.refreshedSimplecast,
        );
      } else if (job?.status === "failed")
        toast.error(job.errorMessage ?? ingestionMessages.showsNotAdded);
      else toast.info("The shows are still being processed; follow them in Recent activity.");
      if (job?.status !== "failed") {
        setSelected(new Set());
        onOpenChange(false);
      }
      onChanged();
    } catch (e) {
      toast.error(serverMessage(e, ingestionMessages.addShowsFailed));
    } finally {
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={connected ? "Add Simplecast Shows" : "Connect Simplecast"}
    >
      {!connected ? (
        <ConnectForm
          orgId={orgId}
          platform="simplecast"
          isAdmin={isAdmin}
          onConnected={onChanged}
        />
      ) : (
        <div className="space-y-4">
          {!podcasts && (
            <p className="text-sm text-slate-500 dark:text-slate-400">Loading podcasts...</p>
          )}
          {podcasts && (
            <fieldset className="max-h-60 space-y-2 overflow-y-auto">
              <legend className="mb-2 text-sm font-medium">Available podcasts</legend>
              {podcasts.map((p) => (
                // The spec lists each available podcast with its id and title: two shows of one
                // name are told apart by the id.
                // A show already tracked is listed, ticked and not selectable: Refresh updates
                // it, and adding it again would only refresh it under an "added" message.
                <label key={p.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={p.tracked || selected.has(p.id)}
                    disabled={p.tracked}
                    aria-describedby={p.tracked ? `tracked-${p.id}` : undefined}
                    onChange={() => toggle(p.id)}
                  />
                  <span className="min-w-0 flex-1">
                    <TitleText className="block">{p.title}</TitleText>
                    {p.tracked && (
                      <span
                        id={`tracked-${p.id}`}
                        className="block text-xs text-slate-600 dark:text-slate-400"
                      >
                        Already tracked
                      </span>
                    )}
                    <span
                      className="block truncate font-mono text-xs text-slate-600 dark:text-slate-400"
                      data-testid="podcast-id"
                    >
                      {p.id}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => void add()} disabled={busy || selected.size === 0}>
              {busy ? "Adding..." : `Add Shows (${selected.size})`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
