import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { integrationStatusColor, integrationStatusLabel } from "../../../shared/format";
import { API_KEY_MAX } from "../../../shared/text-limits";
import { Card } from "../../components/Card";
import { Button, Field } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { orgApi, orgMessages, orgQueries } from "./org-api";

const dot = { green: "bg-green-500", yellow: "bg-yellow-400", red: "bg-red-500" };
const providers = [
  { type: "youtube", label: "YouTube API key", field: "youtubeApiKey" },
  { type: "simplecast", label: "Simplecast API key", field: "simplecastApiKey" },
] as const;

export function ApiKeysCard({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({
    ...orgQueries.integrations(orgId),
  });
  const [keys, setKeys] = useState({ youtubeApiKey: "", simplecastApiKey: "" });
  const save = useMutation({
    mutationFn: () =>
      orgApi.saveKeys(orgId, {
        youtubeApiKey: keys.youtubeApiKey.trim() || undefined,
        simplecastApiKey: keys.simplecastApiKey.trim() || undefined,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(orgQueries.integrations(orgId).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: orgQueries.audit(orgId).queryKey });
      setKeys({ youtubeApiKey: "", simplecastApiKey: "" });
      toast.success(orgMessages.keysUpdated);
    },
    onError: (error) => toast.error(serverMessage(error, orgMessages.keysFailed)),
  });
  const typed = keys.youtubeApiKey.trim() !== "" || keys.simplecastApiKey.trim() !== "";

  return (
    <Card
      title="API Keys"
      description="Keys are encrypted and never shown again; type a new one to replace it."
      id="api-keys-title"
    >
      {isError && <p className="mb-3 text-sm text-red-600">{orgMessages.integrationsLoadFailed}</p>}
      <form
        className="space-y-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {providers.map((p) => {
          const current = data?.integrations.find((i) => i.type === p.type);
          const color = integrationStatusColor(current?.status ?? "pending");
          return (
            <div key={p.type} className="flex flex-wrap items-end gap-3">
              <div className="min-w-64 flex-1">
                <Field
                  id={`key-${p.type}`}
                  label={p.label}
                  type="password"
                  autoComplete="off"
                  maxLength={API_KEY_MAX}
                  placeholder={current ? current.mask : "Not set"}
                  value={keys[p.field]}
                  onChange={(e) => setKeys((k) => ({ ...k, [p.field]: e.target.value }))}
                />
              </div>
              <span
                className="mb-2 inline-flex items-center gap-2 text-sm"
                data-testid={`status-${p.type}`}
              >
                <span className={`h-2.5 w-2.5 rounded-full ${dot[color]}`} aria-hidden />
                {current
                  ? `${integrationStatusLabel(current.status)} · ${current.mask}`
                  : "Not connected"}
              </span>
            </div>
          );
        })}
        <Button type="submit" disabled={!typed || save.isPending}>
          {save.isPending ? "Saving..." : "Save API Keys"}
        </Button>
      </form>
    </Card>
  );
}
