import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Trash2, UserPlus } from "lucide-react";
import { useRef, useState } from "react";
import { linkMessages } from "../../../shared/messages";
import type { Member } from "../../../shared/schemas/organization";
import { Card } from "../../components/Card";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button } from "../../components/form";
import { InitialsAvatar } from "../../components/InitialsAvatar";
import { useFocusRescue } from "../../components/use-focus-rescue";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { InvitationsList } from "./InvitationsList";
import { AddMemberDialog, DeleteMemberDialog, EditMemberDialog } from "./MemberDialogs";
import { orgApi, orgMessages, orgQueries } from "./org-api";

const nameOf = (m: Member) => m.name ?? m.email;

const iconButton =
  "rounded p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white";

export function MembersCard({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const { user, reload } = useAuth();
  const { data, isPending, isError } = useQuery({
    ...orgQueries.members(orgId),
  });
  const [adding, setAdding] = useState(false);
  // The id, not a copy: the dialog shows the member as the list now has them, so a picture
  // uploaded from the dialog appears in it at once instead of the old initials.
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = data?.members.find((m) => m.userId === editingId) ?? null;
  const [deleting, setDeleting] = useState<Member | null>(null);
  // A role or a password changes only after a yes: an arrow key on a focused role select picks
  // the next option at once, and a reset ends the member's password and sessions.
  const [roleChange, setRoleChange] = useState<{
    member: Member;
    role: "admin" | "standard";
  } | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: orgScope(orgId, "organization") });
  // A removed member's or withdrawn invitation's row leaves with the button that had focus: its
  // list's heading takes it (the members' once no invitation is left).
  const heading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  const rescueAfterRemoval = useFocusRescue(() => heading.current, data);
  const rescueAfterWithdrawal = useFocusRescue(
    () => invitationsHeading.current ?? heading.current,
    data,
  );

  const changeRole = async (member: Member, role: "admin" | "standard") => {
    try {
      await orgApi.updateMember(orgId, member.userId, { role });
      toast.success(orgMessages.roleUpdated);
      if (member.userId === user?.id) await reload();
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.roleUpdateFailed));
    }
    refresh();
  };

  const resetPassword = async (member: Member) => {
    try {
      const { email, emailSent } = await orgApi.resetMemberPassword(orgId, member.userId);
      toast.success(
        emailSent ? linkMessages.adminResetSent(email) : linkMessages.adminResetEmailFailed,
      );
      refresh();
    } catch (error) {
      toast.error(serverMessage(error, linkMessages.resetFailed));
    }
  };

  return (
    <Card title="Members" id="members-title" headingRef={heading}>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setAdding(true)}>
          <UserPlus className="h-4 w-4" aria-hidden /> Add Member
        </Button>
      </div>
      {isError && <p className="text-sm text-red-600">{orgMessages.membersLoadFailed}</p>}
      {isPending && (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading members...</p>
      )}
      {data && data.members.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">{orgMessages.noMembers}</p>
      )}
      {data && data.members.length > 0 && (
        // On a phone each member is a block of its own (name, email, then role and actions)
        // instead of a row wider than the screen that hid the role and the actions.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 max-sm:sr-only dark:text-slate-400 dark:border-slate-700">
              <tr>
                <th className="py-2 pr-3">
                  <span className="sr-only">Avatar</span>
                </th>
                <th className="py-2 pr-3">Full name</th>
                <th className="py-2 pr-3">Email</th>
                <th className="py-2 pr-3">Role</th>
                <th className="py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {data.members.map((m) => (
                <tr
                  key={m.userId}
                  className="border-b border-slate-100 max-sm:grid max-sm:grid-cols-[2rem_minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:py-2 dark:border-slate-800"
                  data-testid="member-row"
                >
                  <td className="py-2 pr-3 max-sm:row-span-3 max-sm:self-start max-sm:p-0">
                    <InitialsAvatar email={m.email} url={m.avatarUrl} />
                  </td>
                  <td className="py-2 pr-3 max-sm:col-span-2 max-sm:p-0 max-sm:font-medium">
                    {m.name ?? (
                      <span className="text-slate-500 dark:text-slate-400">No name provided</span>
                    )}
                  </td>
                  <td className="py-2 pr-3 max-sm:col-span-2 max-sm:p-0 max-sm:break-all max-sm:text-xs max-sm:text-slate-600 dark:max-sm:text-slate-300">
                    {m.email}
                  </td>
                  <td className="py-2 pr-3 max-sm:pt-2 max-sm:pb-0">
                    <select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      onChange={(e) =>
                        setRoleChange({
                          member: m,
                          role: e.target.value === "admin" ? "admin" : "standard",
                        })
                      }
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
                    >
                      <option value="admin">Administrator</option>
                      <option value="standard">Standard User</option>
                    </select>
                  </td>
                  <td className="py-2 text-right whitespace-nowrap max-sm:pt-2 max-sm:pb-0">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Edit ${m.email}`}
                      onClick={() => setEditingId(m.userId)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </button>
                    {/* Only for someone whose sole organisation is this one: anyone else's
                        password is theirs to reset. */}
                    {m.canResetPassword && (
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Reset password for ${m.email}`}
                        onClick={() => setResetting(m)}
                      >
                        <KeyRound className="h-4 w-4" aria-hidden />
                      </button>
                    )}
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Remove ${m.email}`}
                      onClick={() => setDeleting(m)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <InvitationsList
          orgId={orgId}
          invitations={data.invitations}
          onChange={refresh}
          onWithdrawn={rescueAfterWithdrawal}
          headingRef={invitationsHeading}
        />
      )}
      <AddMemberDialog orgId={orgId} open={adding} onOpenChange={setAdding} onDone={refresh} />
      <EditMemberDialog
        key={editingId ?? "none"}
        orgId={orgId}
        member={editing}
        onClose={() => setEditingId(null)}
        onDone={refresh}
      />
      {roleChange && (
        <ConfirmDialog
          title="Change role"
          description={
            roleChange.role === "admin"
              ? `Make ${nameOf(roleChange.member)} an Administrator? They will manage the organization's settings, members, API keys and storage.`
              : `Make ${nameOf(roleChange.member)} a Standard User? They will no longer manage the organization's settings, members, API keys or storage.`
          }
          confirmLabel={roleChange.role === "admin" ? "Make Administrator" : "Make Standard User"}
          busyLabel="Changing..."
          onConfirm={() => changeRole(roleChange.member, roleChange.role)}
          onClose={() => setRoleChange(null)}
        />
      )}
      {resetting && (
        <ConfirmDialog
          title="Reset password"
          description={`Reset the password of ${nameOf(resetting)}? They get a temporary password by email, and their current password and sessions stop working.`}
          confirmLabel="Reset password"
          busyLabel="Resetting..."
          danger
          onConfirm={() => resetPassword(resetting)}
          onClose={() => setResetting(null)}
        />
      )}
      <DeleteMemberDialog
        orgId={orgId}
        member={deleting}
        onClose={() => setDeleting(null)}
        onDone={() => {
          rescueAfterRemoval();
          refresh();
        }}
      />
    </Card>
  );
}
