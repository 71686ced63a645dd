import { MailOpen } from "lucide-react";
import { useState } from "react";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { toast } from "../../lib/toast";

const button =
  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50";

/**
 * Invitations waiting for the signed-in person's answer. Nobody joins an organisation without
 * accepting here (or, for a new account, by using the emailed temporary password).
 */
export function InvitationsBanner() {
  const { invitations, answerInvitation, reload } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  const answer = async (id: string, organizationName: string, reply: "accept" | "decline") => {
    setBusy(id);
    try {
      await answerInvitation(id, reply);
      toast.success(
        reply === "accept"
          ? `You joined ${organizationName}. Switch to it from the account menu.`
          : `Invitation from ${organizationName} declined`,
      );
    } catch (error) {
      // The server says why ("Invitation not found" once it was withdrawn or answered in another
      // tab), and the banner is read again so a gone invitation stops offering its buttons.
      toast.error(serverMessage(error, "Failed to answer the invitation"));
      await reload().catch(() => undefined);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Invitations" className="mb-6 space-y-2">
      {invitations.map((i) => (
        <div
          key={i.id}
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50"
        >
          <MailOpen className="h-5 w-5 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">
            {i.invitedByEmail ? `${i.invitedByEmail} invited you` : "You are invited"} to join{" "}
            <strong>{i.organizationName}</strong> as{" "}
            {i.role === "admin" ? "an administrator" : "a standard user"}.
          </p>
          <button
            type="button"
            className={`${button} bg-blue-700 text-white hover:bg-blue-800`}
            disabled={busy === i.id}
            onClick={() => void answer(i.id, i.organizationName, "accept")}
          >
            Accept
          </button>
          <button
            type="button"
            className={`${button} border border-blue-300 bg-white text-blue-950 hover:bg-blue-100 dark:border-blue-700 dark:bg-transparent dark:text-blue-50 dark:hover:bg-blue-900`}
            disabled={busy === i.id}
            onClick={() => void answer(i.id, i.organizationName, "decline")}
          >
            Decline
          </button>
        </div>
      ))}
    </section>
  );
}
