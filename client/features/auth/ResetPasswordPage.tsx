import { linkMessages } from "../../../shared/messages";
import { SetPasswordPage } from "./SetPasswordPage";

export default function ResetPasswordPage() {
  return (
    <SetPasswordPage
      kind="recovery"
      title="Set a new password"
      invalidLinkMessage={linkMessages.invalidResetLink}
      successMessage="Password updated successfully"
      successPath="/"
    />
  );
}
