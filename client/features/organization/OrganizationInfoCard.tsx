import { useQueryClient } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ORGANIZATION_NAME_MAX } from "../../../shared/text-limits";
import { Card } from "../../components/Card";
import { Button, Field } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { toast } from "../../lib/toast";
import { useImageUpload } from "../../lib/use-image-upload";
import { orgApi, orgMessages, orgQueries } from "./org-api";

export function OrganizationInfoCard({ orgId }: { orgId: string }) {
  const { organization, reload: reloadAuth } = useAuth();
  const queryClient = useQueryClient();
  // The organisation as the shell shows it, and the Activity card below, which records the change.
  const reload = async () => {
    await reloadAuth();
    void queryClient.invalidateQueries({ queryKey: orgQueries.audit(orgId).queryKey });
  };
  const [name, setName] = useState(organization?.name ?? "");
  const [saving, setSaving] = useState(false);
  const logo = useImageUpload({
    upload: (file) => orgApi.uploadLogo(orgId, file),
    after: reload,
    success: orgMessages.logoUpdated,
    failure: orgMessages.logoUploadFailed,
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await orgApi.rename(orgId, name);
      await reload();
      toast.success(orgMessages.updated);
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const removeLogo = async () => {
    try {
      await orgApi.removeLogo(orgId);
      await reload();
      toast.success(orgMessages.logoRemoved);
    } catch (error) {
      toast.error(serverMessage(error, orgMessages.logoRemoveFailed));
    }
  };

  return (
    <Card title="Organization Information" id="org-info-title">
      <div className="mb-5 flex items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
          {organization?.logoUrl ? (
            <img
              src={organization.logoUrl}
              alt="Organization logo"
              className="max-h-14 max-w-28 object-contain"
            />
          ) : (
            <Building2 className="h-6 w-6 text-slate-400" aria-hidden />
          )}
        </div>
        <input
          ref={logo.input}
          id="org-logo-file"
          type="file"
          accept="image/*"
          className="sr-only"
          // Opened by the Upload button: as a tab stop of its own it took the focus out of sight.
          tabIndex={-1}
          aria-label="Logo file"
          onChange={(e) => void logo.onFile(e.target.files?.[0])}
        />
        <Button variant="secondary" onClick={logo.pick} disabled={logo.uploading}>
          {logo.uploading ? "Uploading..." : "Upload logo"}
        </Button>
        <Button variant="ghost" onClick={() => void removeLogo()} disabled={!organization?.logoUrl}>
          Remove logo
        </Button>
      </div>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <Field
            id="org-name"
            label="Organization name"
            required
            maxLength={ORGANIZATION_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          disabled={saving || !name.trim() || name.trim() === organization?.name}
        >
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </form>
    </Card>
  );
}
