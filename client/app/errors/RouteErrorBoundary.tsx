import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { reportClientError } from "../../lib/errors/report";
import { referenceOf } from "./describe-error";
import { ErrorScreen } from "./ErrorScreen";

/**
 * The router's error element for the layout and every page: a page that throws while rendering
 * shows our screen (inside the header and footer when the page failed, on its own when the
 * layout did), never React Router's developer page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [reportId, setReportId] = useState<string>();
  useEffect(() => {
    let live = true;
    void reportClientError("route-boundary", error).then((id) => {
      if (live) setReportId(id);
    });
    return () => {
      live = false;
    };
  }, [error]);
  // Trying again fetches fresh data (the failure may have come from a stale answer) and renders
  // the same address again, which clears the router's error.
  const retry = () => {
    void queryClient.invalidateQueries();
    navigate(`${location.pathname}${location.search}`, { replace: true });
  };
  return (
    <ErrorScreen
      error={error}
      reference={referenceOf(error, reportId)}
      onRetry={retry}
      onHome={() => navigate("/dashboard")}
    />
  );
}
