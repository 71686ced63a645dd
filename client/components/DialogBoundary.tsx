import { Component, type ErrorInfo, type ReactNode } from "react";
import { partFailureMessage } from "../lib/errors/code-load";
import { reportClientError } from "../lib/errors/report";
import { toast } from "../lib/toast";

type Props = {
  onFailed: () => void;
  /** What the toast calls the part that was closed. */
  part?: "dialog" | "menu";
  children: ReactNode;
};

/**
 * Around every dialog (and every menu whose code loads on first use): one that fails to render,
 * or whose code cannot be fetched, reports the error, closes itself and says so, leaving the page
 * underneath as it was. The Dialog remounts it (new key) on each opening, so the next opening
 * starts clean.
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
    toast.error(partFailureMessage(error, this.props.part ?? "dialog"));
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
