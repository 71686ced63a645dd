import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportClientError } from "../../lib/errors/report";
import { referenceOf } from "./describe-error";
import { ErrorScreen } from "./ErrorScreen";

type State = { error: unknown; failed: boolean; reportId?: string };

/**
 * The outermost boundary, around the providers and the router: if anything outside the routes'
 * own boundaries fails, the person still gets our screen. It cannot use the router, so its way
 * back is a full load of the dashboard.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    void reportClientError("app-boundary", error, {
      componentStack: info.componentStack ?? undefined,
    }).then((reportId) => this.setState({ reportId }));
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <ErrorScreen
          error={this.state.error}
          reference={referenceOf(this.state.error, this.state.reportId)}
          onRetry={() => this.setState({ error: null, failed: false, reportId: undefined })}
          onHome={() => window.location.assign("/dashboard")}
        />
      </main>
    );
  }
}
