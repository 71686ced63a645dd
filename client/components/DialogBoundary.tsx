import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportClientError } from "../lib/errors/report";
import { toast } from "../lib/toast";

type Props = { onFailed: () => void; children: ReactNode };

/**
 * Around every dialog: a dialog that fails to render reports the error, closes itself and says
 * so, leaving the page underneath as it was. The Dialog remounts it (new key) on each opening,
 * so the next opening starts clean.
 */
export class DialogBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    void reportClientError("dialog-boundary", error, {
      componentStack: info.componentStack ?? undefined,
    });
    toast.error("Something went wrong in this dialog, so it was closed. Please try again.");
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
