import { linkMessages } from "../../../shared/messages";
import { SetPasswordPage } from "./SetPasswordPage";

export default function WelcomePage() {
  return (
    <SetPasswordPage
      kind="invite"
      title="Welcome! Choose your password"
      invalidLinkMessage={linkMessages.invalidInviteLink}
      successMessage={linkMessages.welcomeSuccess}
      successPath="/dashboard"
    />
  );
}
