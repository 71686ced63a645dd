import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ReportPlatform,
  reportMessages,
  type ScheduleView,
} from "../../../shared/schemas/reports";
import { useHeldFocus } from "../../components/use-held-focus";
import { serverMessage } from "../../lib/api/errors";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { reportQueries, reportsApi } from "./reports-api";

/**
 * The Active/Inactive button of one recurring report. The new state shows at once (the cached
 * list is updated before the request), the button is disabled until the server answers, and a
 * refusal puts the previous state back. Without this, the label changed only after a refetch, so a
 * second click in between sent the same state twice and could leave the row showing the wrong one.
 */
export function ScheduleActiveToggle({
  orgId,
  platform,
  schedule,
}: {
  orgId: string;
  platform: ReportPlatform;
  schedule: ScheduleView;
}) {
  const queryClient = useQueryClient();
  const pageKey = reportQueries.page(orgId, platform).queryKey;
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => reportsApi.setActive(orgId, schedule.id, isActive),
    onMutate: async (isActive) => {
      // A poll already in flight read the old state; it must not land after the new one.
      await queryClient.cancelQueries({ queryKey: pageKey });
      const before = queryClient.getQueryData(pageKey);
      queryClient.setQueryData(pageKey, (page) =>
        page
          ? {
              ...page,
              schedules: page.schedules.map((s) => (s.id === schedule.id ? { ...s, isActive } : s)),
            }
          : page,
      );
      return { before };
    },
    onError: (error, _isActive, context) => {
      if (context?.before) queryClient.setQueryData(pageKey, context.before);
      toast.error(serverMessage(error, reportMessages.loadSchedulesFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgScope(orgId, "reports") }),
  });
  const { isActive, title } = schedule;
  // Pressed from the keyboard, it keeps the focus while the server answers (useHeldFocus).
  const held = useHeldFocus<HTMLButtonElement>(toggle.isPending, {
    onClick: () => toggle.mutate(!isActive),
  });
  return (
    <button
      type="button"
      aria-label={`${isActive ? "Deactivate" : "Activate"} ${title}`}
      {...held}
      className={`rounded px-2 py-0.5 text-xs font-medium inactive:cursor-wait ${isActive ? "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300" : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"}`}
    >
      {isActive ? "Active" : "Inactive"}
    </button>
  );
}
