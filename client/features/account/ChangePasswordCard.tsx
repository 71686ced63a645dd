import { type FormEvent, useState } from "react";
import { profileMessages } from "../../../shared/messages";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "../../../shared/schemas/auth";
import { Card } from "../../components/Card";
import { Banner, Button, Field } from "../../components/form";
import { ApiError } from "../../lib/api/client";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { changePassword } from "./account-api";

export function ChangePasswordCard() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // ARCHITECTURE section 8: 8 characters here too (the spec's 6 is not copied).
    if (passwordLength(next) < PASSWORD_MIN_LENGTH)
      return setError(profileMessages.passwordMinLength);
    if (next !== confirm) return setError(profileMessages.newPasswordsDoNotMatch);
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent("");
      setNext("");
      setConfirm("");
      toast.success(profileMessages.passwordUpdated);
    } catch (e) {
      const message =
        e instanceof ApiError && e.reason === "current_password_incorrect"
          ? profileMessages.currentPasswordIncorrect
          : e instanceof ApiError && e.code === "BAD_REQUEST"
            ? serverMessage(e, profileMessages.updatePasswordFailed)
            : profileMessages.updatePasswordFailed;
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Change Password" id="password-title">
      <form onSubmit={submit} className="grid max-w-md gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Field
          id="current-password"
          label="Current password"
          type="password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          id="new-password"
          label="New password"
          type="password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <Field
          id="confirm-new-password"
          label="Confirm new password"
          type="password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={busy || !current || !next || !confirm}>
            {busy ? "Updating..." : "Update Password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
