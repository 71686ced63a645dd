import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../lib/toast";
import { ownerOutcome } from "./owner-api";

const KEYS = ["owner", "channel", "missing", "granted"] as const;

/**
 * Coming back from Google's consent for a channel owner: says how it went once (naming the
 * channel from our own list), then cleans the address.
 */
export function useOwnerOutcome(channels: Array<{ id: string; title: string }> | undefined) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const result = params.get("owner");
    if (!result || !channels) return;
    const channel = channels.find((c) => c.id === params.get("channel"))?.title;
    const outcome = ownerOutcome(result, {
      channel: channel ? `"${channel}"` : "this channel",
      missing: params.get("missing")?.split(",").join(" and ") ?? "",
      granted: params.get("granted") ?? "another channel",
    });
    if (outcome) (outcome.ok ? toast.success : toast.error)(outcome.text);
    const next = new URLSearchParams(params);
    for (const key of KEYS) next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams, channels]);
}
