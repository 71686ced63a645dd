import { type FormEvent, useState } from "react";
import {
  connectFailedMessage,
  integrationSuccessMessages,
  platformLabel as names,
} from "../../../shared/messages-integrations";
import { API_KEY_MAX } from "../../../shared/text-limits";
import { Button, Field } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { dashboardApi, type Platform } from "./dashboard-api";

/** The connect step of the add dialogs: a password-type key field and Connect (spec section 2). */
export function ConnectForm({
  orgId,
  platform,
  isAdmin,
  onConnected,
}: {
  orgId: string;
  platform: Platform;
  isAdmin: boolean;
  onConnected: () => void;
}) {
  const [apiKey, setApiKey] = useState("");
  const [testing, setTesting] = useState(false);
  if (!isAdmin)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {names[platform]} is not connected yet. Ask an administrator of your organization to connect
        it.
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTesting(true);
    try {
      await dashboardApi.connect(orgId, platform, apiKey.trim());
      toast.success(integrationSuccessMessages.connected(platform));
      setApiKey("");
      onConnected();
    } catch (error) {
      toast.error(serverMessage(error, connectFailedMessage(platform)));
    } finally {
      setTesting(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field
        id={`${platform}-api-key`}
        label={`${names[platform]} API key`}
        type="password"
        autoComplete="off"
        maxLength={API_KEY_MAX}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        hint="The key is tested with one real call, then stored encrypted."
      />
      <Button type="submit" disabled={!apiKey.trim() || testing}>
        {testing ? "Testing..." : "Connect"}
      </Button>
    </form>
  );
}
