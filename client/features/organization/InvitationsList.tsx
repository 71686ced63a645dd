import { Mail, X } from "lucide-react";
import { type RefObject, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { type InvitationView, orgApi, orgMessages } from "./org-api";

const STATUS_TEXT: Record<InvitationView["status"], string> = {
  pending: "Invited",
  declined: "Declined",
  expired: "Expired",
};

const iconButton =
  "rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white";

/** Invitations not yet accepted: resend (the admin's way to help) or withdraw. */
export function InvitationsList({
  orgId,
  invitations,
  onChange,
  onWithdrawn,
  headingRef,
}: {
  orgId: string;
  invitations: InvitationView[];
  onChange: () => void;
  /** An invitation was withdrawn: its row, and the button that had focus, are about to go. */
  onWithdrawn: () => void;
  /** The list's heading, focusable from a script (it takes focus from a withdrawn row). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  // The invitation whose withdrawal waits for a yes: the X sits beside Resend, and a withdrawn
  // link stops working for someone who may be reading the email right now.
  const [withdrawing, setWithdrawing] = useState<InvitationView | null>(null);
  if (invitations.length === 0) return null;
  const act = async (action: () => Promise<unknown>, success: string, done?: () => void) => {
    try {
      await action();
      toast.success(success);
      done?.();
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.invitationFailed));
    }
    onChange();
  };
  return (
    <section aria-labelledby="invitations-title" className="mt-6">
      <h3
        id="invitations-title"
        ref={headingRef}
        tabIndex={-1}
        className="mb-2 text-sm font-semibold"
      >
        Invitations
      </h3>
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {invitations.map((i) => (
          // On a phone the address has the first line to itself, whole: cut to fit beside the
          // role, status and buttons it read "walk.1796..." and said nothing of who was invited.
          <li
            key={i.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
            data-testid="invitation-row"
          >
            <span className="min-w-0 flex-1 truncate max-sm:basis-full max-sm:whitespace-normal max-sm:break-all">
              {i.name ? `${i.name} · ` : ""}
              {i.email}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {i.role === "admin" ? "Administrator" : "Standard User"}
            </span>
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              {STATUS_TEXT[i.status]}
            </span>
            <button
              type="button"
              className={`${iconButton} max-sm:ml-auto`}
              aria-label={`Resend invitation to ${i.email}`}
              onClick={() =>
                void act(
                  () => orgApi.resendInvitation(orgId, i.id),
                  orgMessages.invitationResent(i.email),
                )
              }
            >
              <Mail className="h-4 w-4" aria-hidden />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Withdraw invitation to ${i.email}`}
              onClick={() => setWithdrawing(i)}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw invitation"
          description={`Withdraw the invitation to ${withdrawing.email}? The link in their email stops working; you can invite them again later.`}
          confirmLabel="Withdraw invitation"
          busyLabel="Withdrawing..."
          danger
          onConfirm={() =>
            act(
              () => orgApi.revokeInvitation(orgId, withdrawing.id),
              orgMessages.invitationRevoked,
              onWithdrawn,
            )
          }
          onClose={() => setWithdrawing(null)}
        />
      )}
    </section>
  );
}
