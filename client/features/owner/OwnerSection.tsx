import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { ownerApi, ownerQueries } from "./owner-api";

/**
 * The channel Edit dialog's owner analytics (admins only): connect the channel's owner through
 * Google, see whose account it is and how far the history has come, or disconnect.
 */
export function OwnerSection({ orgId, channelId }: { orgId: string; channelId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(ownerQueries.view(orgId, channelId));
  const [confirming, setConfirming] = useState(false);
  const connect = useMutation({
    mutationFn: () => ownerApi.connect(orgId, channelId),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    onError: (error) => toast.error(serverMessage(error, "Failed to connect owner analytics")),
  });
  const disconnect = useMutation({
    mutationFn: () => ownerApi.disconnect(orgId, channelId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "owner") });
      setConfirming(false);
      toast.success("Owner analytics disconnected");
    },
    onError: (error) => toast.error(serverMessage(error, "Failed to disconnect owner analytics")),
  });
  return (
    <section
      aria-labelledby="owner-analytics-title"
      className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 id="owner-analytics-title" className="text-sm font-semibold">
        Owner analytics
      </h3>
      {!data ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>
      ) : data.connected ? (
        <>
          <p className="text-sm" data-testid="owner-status">
            Connected as <strong>{data.email}</strong>
            {data.status === "error" ? (
              <span className="text-red-700 dark:text-red-300"> · needs reconnecting</span>
            ) : (
              ` · history of ${data.videosBackfilled} of ${data.videos} videos in`
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {data.status === "error" && (
              <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
                Reconnect owner analytics
              </Button>
            )}
            {confirming ? (
              <>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button
                  variant="danger"
                  disabled={disconnect.isPending}
                  onClick={() => disconnect.mutate()}
                >
                  Disconnect and delete its exact history
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Disconnect owner analytics
              </Button>
            )}
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">
            The channel's owner can grant read access to YouTube Analytics: exact daily views from
            each video's first day, watch time and average view duration.
          </p>
          <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
            Connect owner analytics
          </Button>
        </div>
      )}
    </section>
  );
}
