import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { Card } from "../../components/Card";
import { Button } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { orgApi, orgQueries } from "./org-api";

const outcomes: Record<string, { ok: boolean; text: string }> = {
  connected: { ok: true, text: "Google account connected" },
  denied: { ok: false, text: "Google connection was cancelled" },
  expired: { ok: false, text: "The Google connection attempt expired. Please try again." },
  failed: { ok: false, text: "Failed to connect the Google account" },
  forbidden: { ok: false, text: "Only administrators can connect a Google account" },
  no_refresh_token: { ok: false, text: "Google did not grant offline access. Please try again." },
  missing_scopes: {
    ok: false,
    text: "Google was not given access to the files Crosscast creates, so spreadsheet exports cannot work. Connect again and leave every box ticked on Google's screen.",
  },
};

/** Connects the Google account that spreadsheet exports are written to (ARCHITECTURE section 9). */
export function GoogleCard({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { data } = useQuery({
    ...orgQueries.google(orgId),
  });

  // Coming back from Google: say how it went once, then clean the address.
  useEffect(() => {
    const result = params.get("google");
    if (!result) return;
    const outcome = outcomes[result];
    if (outcome) (outcome.ok ? toast.success : toast.error)(outcome.text);
    params.delete("google");
    setParams(params, { replace: true });
  }, [params, setParams]);

  const connect = useMutation({
    mutationFn: () => orgApi.connectGoogle(orgId),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    onError: (error) => toast.error(serverMessage(error, "Failed to connect the Google account")),
  });
  const disconnect = useMutation({
    mutationFn: () => orgApi.disconnectGoogle(orgId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "organization") });
      toast.success("Google account disconnected");
    },
  });

  return (
    <Card
      title="Google Sheets export"
      description="Recurring and persistent reports are written to spreadsheets in this Google account."
      id="google-title"
    >
      {data?.connected ? (
        <div className="flex flex-wrap items-center gap-4">
          <span className="inline-flex items-center gap-2 text-sm" data-testid="google-status">
            <span
              className={`h-2.5 w-2.5 rounded-full ${data.status === "active" ? "bg-green-500" : "bg-red-500"}`}
              aria-hidden
            />
            Connected as <strong>{data.email}</strong>
            {data.status === "error" && (
              <span className="text-red-600 dark:text-red-400"> · needs attention</span>
            )}
          </span>
          {/* Google's refusal says what helps: a reconnect, or the deployment's configuration. */}
          {data.status === "error" && (
            <p className="basis-full text-sm text-red-600 dark:text-red-400">
              {data.lastError ?? "Connect the Google account again."}
            </p>
          )}
          {data.status === "error" && <Button onClick={() => connect.mutate()}>Reconnect</Button>}
          <Link
            to="/admin/storage"
            className="text-sm text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Manage Drive storage
          </Link>
          <Button
            variant="secondary"
            onClick={() => disconnect.mutate()}
            disabled={disconnect.isPending}
          >
            Disconnect
          </Button>
        </div>
      ) : (
        <Button onClick={() => connect.mutate()} disabled={connect.isPending || !data}>
          {connect.isPending ? "Redirecting to Google..." : "Connect Google account"}
        </Button>
      )}
    </Card>
  );
}
