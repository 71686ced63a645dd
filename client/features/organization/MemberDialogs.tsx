import { type FormEvent, useState } from "react";
import type { Member } from "../../../shared/schemas/organization";
import { PERSON_NAME_MAX } from "../../../shared/text-limits";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Dialog } from "../../components/Dialog";
import { Button, Field } from "../../components/form";
import { InitialsAvatar } from "../../components/InitialsAvatar";
import { serverMessage } from "../../lib/api/errors";
import { toast } from "../../lib/toast";
import { orgApi, orgMessages } from "./org-api";

type Done = () => void;

export function AddMemberDialog({
  orgId,
  open,
  onOpenChange,
  onDone,
}: {
  orgId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDone: Done;
}) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "standard">("standard");
  const [busy, setBusy] = useState(false);
  // However the dialog closes (sent, Cancel, Escape), the next one starts empty: a name and an
  // Administrator role left from a cancelled one would go out with the next address typed.
  const close = () => {
    setName("");
    setEmail("");
    setRole("standard");
    onOpenChange(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await orgApi.addMember(orgId, { name: name.trim() || undefined, email, role });
      if (result.emailSent) toast.success(orgMessages.memberInvited(result.invitation.email));
      else toast.error(orgMessages.memberInvitedNoEmail);
      close();
      onDone();
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.memberAddFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Add New Member"
      description="They receive an invitation by email and join once they accept it."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field
          id="member-name"
          label="Name in this organization (optional)"
          maxLength={PERSON_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          id="member-email"
          label="Email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="space-y-1">
          <label htmlFor="member-role" className="block text-sm font-medium">
            Role
          </label>
          <select
            id="member-role"
            required
            value={role}
            onChange={(e) => setRole(e.target.value === "admin" ? "admin" : "standard")}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="standard">Standard User</option>
            <option value="admin">Administrator</option>
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !email.trim()}>
            {busy ? "Sending..." : "Send invitation"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function EditMemberDialog({
  orgId,
  member,
  onClose,
  onDone,
}: {
  orgId: string;
  member: Member | null;
  onClose: () => void;
  onDone: Done;
}) {
  const [name, setName] = useState(member?.displayName ?? "");
  const [busy, setBusy] = useState(false);
  if (!member) return null;
  // The name the list shows when the organisation has none of its own for the member.
  const ownName = member.displayName ? undefined : (member.name ?? undefined);

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(success);
      onDone();
      return true;
    } catch (error) {
      toast.error(serverMessage(error, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Edit Member"
      description={member.email}
    >
      <form
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (
            await run(
              () => orgApi.updateMember(orgId, member.userId, { name: name.trim() || null }),
              orgMessages.memberUpdated,
              orgMessages.memberUpdateFailed,
            )
          )
            onClose();
        }}
      >
        <div className="flex items-center gap-3">
          <InitialsAvatar email={member.email} url={member.avatarUrl} size={48} />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Their own name and picture are theirs to change in their Account Settings.
          </p>
        </div>
        <Field
          id="edit-member-name"
          label="Name in this organization"
          maxLength={PERSON_NAME_MAX}
          value={name}
          // Empty means the list shows their own name: say which, so nobody types it again
          // or replaces it unknowingly.
          placeholder={ownName}
          hint={ownName && `Empty: shown as their own name, ${ownName}.`}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteMemberDialog({
  orgId,
  member,
  onClose,
  onDone,
}: {
  orgId: string;
  member: Member | null;
  onClose: () => void;
  onDone: Done;
}) {
  if (!member) return null;
  const remove = async () => {
    try {
      const { completelyDeleted } = await orgApi.removeMember(orgId, member.userId);
      toast.success(
        completelyDeleted ? orgMessages.memberRemovedCompletely : orgMessages.memberRemovedFromOrg,
      );
      onDone();
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.memberRemoveFailed));
    }
  };
  return (
    <ConfirmDialog
      title="Delete Member"
      description={`Remove ${member.name ?? member.email} from this organization? If they belong to no other organization, their account is deleted.`}
      confirmLabel="Remove member"
      busyLabel="Removing..."
      danger
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
