import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { parseChannelUrl, YOUTUBE_HOST } from "../../../shared/channel-url";
import { Dialog } from "../../components/Dialog";
import { Button, Field } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { ConnectForm } from "./ConnectForm";
import { dashboardApi, dashboardQueries, ingestionMessages } from "./dashboard-api";
import { CHANNEL_POLLING, followJob } from "./follow-job";

const ALREADY_TRACKED = "This channel is already tracked. Use Refresh to update its data.";

type Props = {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connected: boolean;
  isAdmin: boolean;
  onChanged: () => void;
};

/** 'Connect YouTube' until the integration is active, then 'Add YouTube Channel' (spec section 2). */
export function AddChannelDialog({
  orgId,
  open,
  onOpenChange,
  connected,
  isAdmin,
  onChanged,
}: Props) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The dashboard's own list (already read for the Channels table).
  const channels = useQuery({ ...dashboardQueries.channels(orgId), enabled: open });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseChannelUrl(url);
    if (!parsed.ok) return setError(parsed.message);
    // A channel already tracked was fetched again at the cost of YouTube quota, and the dialog
    // said "Channel added successfully" while the list stayed as it was (the spec counts an add
    // only when the list grows). Refresh is what updates a tracked channel.
    if (channels.data?.channels.some((c) => c.handle?.toLowerCase() === parsed.handle))
      return setError(ALREADY_TRACKED);
    if (!navigator.onLine) return void toast.error(ingestionMessages.offline);
    setBusy(true);
    setError(null);
    try {
      const { jobId } = await dashboardApi.addChannel(orgId, url);
      onChanged();
      const job = await followJob(orgId, jobId, CHANNEL_POLLING);
      if (!job) toast.info(ingestionMessages.channelUpdateInitiated);
      else if (job.status === "succeeded") toast.success(ingestionMessages.channelAdded);
      else toast.error(job.errorMessage ?? ingestionMessages.addChannelFailed);
      if (!job || job.status === "succeeded") {
        setUrl("");
        onOpenChange(false);
      }
      onChanged();
    } catch (e) {
      toast.error(serverMessage(e, ingestionMessages.addChannelFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={connected ? "Add YouTube Channel" : "Connect YouTube"}
    >
      {connected ? (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field
            id="channel-url"
            label="Channel URL"
            placeholder={`${YOUTUBE_HOST}/@channelname`}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "channel-url-error" : undefined}
          />
          {error && (
            <p id="channel-url-error" role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !url.trim()}>
              {busy ? "Adding..." : "Add Channel"}
            </Button>
          </div>
        </form>
      ) : (
        <ConnectForm orgId={orgId} platform="youtube" isAdmin={isAdmin} onConnected={onChanged} />
      )}
    </Dialog>
  );
}
