import { useCallback, useRef, useState } from "react";
import { integrationMessages } from "../../../shared/messages-integrations";
import { toast } from "../toast";
import type { DownloadProgress } from "./download";

/** A download on its way: what it is (for people) and the bytes received so far. */
export type ActiveDownload = { label: string; receivedBytes: number };

/**
 * One download at a time, with its progress, then the spec's confirmation or error toast for its
 * format. A second request while one runs is ignored: a second click on a 100,000-row export
 * would otherwise start another export of the same rows beside the first. Kept in the component
 * that shows it, so the progress re-renders that component only, never the table beside it.
 */
export function useDownload() {
  const [active, setActive] = useState<ActiveDownload | null>(null);
  const running = useRef(false);
  const run = useCallback(
    async (
      format: "csv" | "json",
      label: string,
      start: (onProgress: DownloadProgress) => Promise<void>,
    ) => {
      if (running.current) return;
      running.current = true;
      setActive({ label, receivedBytes: 0 });
      try {
        await start((receivedBytes) => setActive({ label, receivedBytes }));
        toast.success(`${format.toUpperCase()} file downloaded`);
      } catch {
        toast.error(
          format === "json"
            ? integrationMessages.downloadJsonFailed
            : integrationMessages.downloadCsvFailed,
        );
      } finally {
        running.current = false;
        setActive(null);
      }
    },
    [],
  );
  return { active, run };
}
