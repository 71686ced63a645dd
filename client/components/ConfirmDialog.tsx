import { useState } from "react";
import { Dialog } from "./Dialog";
import { Button } from "./form";

/**
 * A yes-or-no question before an act that cannot be taken back quietly (a role, a password, an
 * invitation). The confirm button is disabled while the act runs, so a double click acts once;
 * the dialog closes when the act has ended, whatever its outcome (the act says how it went).
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={title}
      description={description}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={danger ? "danger" : "primary"}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
