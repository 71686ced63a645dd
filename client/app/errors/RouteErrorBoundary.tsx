import { useQueryClient } from "@tanstack/react-query";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { reportClientError } from "../../lib/errors/report";
import { referenceOf } from "./describe-error";
import { ErrorScreen } from "./ErrorScreen";

/** What failed, and the reference support can find it by once the report has been sent. */
type Failure = { error: unknown; reportId?: string };
type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { failure: Failure | null; resetKey: string };

/**
 * Catches what its part of the app throws while rendering. It clears itself when the address
 * changes (a link, back, or Try again, which renders the same address anew), as a router's error
 * element does, so a person who moves on is not left on the error screen.
 */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    void reportClientError("route-boundary", error, {
      componentStack: info.componentStack ?? undefined,
    }).then((reportId) => {
      // Only while the same failure is on screen: the person may have moved on meanwhile.
      if (this.state.failure?.error === error) this.setState({ failure: { error, reportId } });
    });
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteErrorScreen failure={failure} /> : this.props.children;
  }
}

/**
 * The boundary around the layout and around every page: a page that throws while rendering
 * shows our screen (inside the header and footer when the page failed, on its own when the
 * layout did), never a blank page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary resetKey={key}>{children}</Boundary>;
}

function RouteErrorScreen({ failure }: { failure: Failure }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Trying again fetches fresh data (the failure may have come from a stale answer) and renders
  // the same address again, which clears the boundary.
  const retry = () => {
    void queryClient.invalidateQueries();
    navigate(`${location.pathname}${location.search}`, { replace: true });
  };
  return (
    <ErrorScreen
      error={failure.error}
      reference={referenceOf(failure.error, failure.reportId)}
      onRetry={retry}
      onHome={() => navigate("/dashboard")}
    />
  );
}
