import { useEffect, useRef, useState } from "react";
import { customRangeFromDates, dateRangeOptions } from "../../../shared/date-ranges";
import type { MergeOptions } from "../../../shared/schemas/arrangement";
import {
  type DateRange,
  type DateRangeType,
  RANGE_ORDER_MESSAGE,
} from "../../../shared/schemas/date-range";
import { type ContentSummary, MULTI_CHANNEL_MESSAGES } from "../../../shared/schemas/multichannel";
import { TITLE_MAX } from "../../../shared/text-limits";
import { CheckboxList, type Option } from "../../components/CheckboxList";
import { CustomDates } from "../../components/CustomDates";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";
import { ApiError } from "../../lib/api/client";
import { serverMessage } from "../../lib/api/errors";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { countOf } from "../../lib/format";
import { toast } from "../../lib/toast";
import { multiChannelApi, multiChannelMessages } from "./multichannel-api";

export type SetupValues = {
  title: string;
  dateRange: DateRange;
  selectedChannels: string[];
  selectedShows: string[];
  mergeOptions: MergeOptions;
};

type Props = {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  channels: Option[];
  shows: Option[];
  onPreview: (previewId: string) => void;
  /** A board's setup, when coming back from it: the flow starts at the merge step. */
  resume?: SetupValues | null;
  /** The board `resume` came from: Continue with nothing changed goes back to it. */
  resumedPreviewId?: string | null;
};

const sameIds = (a: Iterable<string>, b: string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};
const sameRange = (a: DateRange, b: DateRange) =>
  a.type === b.type && a.range?.start === b.range?.start && a.range?.end === b.range?.end;
const sameMerge = (a: MergeOptions, b: MergeOptions) =>
  a.mergeVideos === b.mergeVideos &&
  a.mergeEpisodes === b.mergeEpisodes &&
  a.videoMergeStrategy === b.videoMergeStrategy &&
  a.episodeMergeStrategy === b.episodeMergeStrategy;

const NO_MERGE: MergeOptions = {
  mergeVideos: false,
  mergeEpisodes: false,
  videoMergeStrategy: "none",
  episodeMergeStrategy: "none",
};
const isoDay = (iso: string | undefined) => (iso ? iso.slice(0, 10) : "");

/**
 * The multi-channel flow's first two dialogs (spec section 2): 'Create Multi-Channel Report' and
 * 'Merge Content Options'. The setup survives Back (it lives here until the tab unmounts).
 */
export function SetupFlow({
  orgId,
  open,
  onOpenChange,
  channels,
  shows,
  onPreview,
  resume,
  resumedPreviewId,
}: Props) {
  const timeZone = useTimeZone();
  const [step, setStep] = useState<"setup" | "merge">(resume ? "merge" : "setup");
  const [title, setTitle] = useState(resume?.title ?? "");
  const [rangeType, setRangeType] = useState<DateRangeType>(resume?.dateRange.type ?? "30days");
  const [start, setStart] = useState(isoDay(resume?.dateRange.range?.start));
  const [end, setEnd] = useState(isoDay(resume?.dateRange.range?.end));
  const [selectedChannels, setSelectedChannels] = useState<Set<string>>(
    new Set(resume?.selectedChannels ?? []),
  );
  const [selectedShows, setSelectedShows] = useState<Set<string>>(
    new Set(resume?.selectedShows ?? []),
  );
  const [summary, setSummary] = useState<ContentSummary | null>(null);
  const [loadingContent, setLoadingContent] = useState(false);
  const [mergeVideos, setMergeVideos] = useState(resume?.mergeOptions.mergeVideos ?? false);
  const [mergeEpisodes, setMergeEpisodes] = useState(resume?.mergeOptions.mergeEpisodes ?? false);
  const [generating, setGenerating] = useState(false);
  const [focusRange, setFocusRange] = useState(false);
  const rangeSelect = useRef<HTMLSelectElement | null>(null);
  // The merge dialog opens while its content loads, so the dialog puts the focus on its only
  // control then, Close: Enter pressed again (as on the setup's Continue) closed the whole flow.
  // Once the figures are in, the focus goes to Continue to Preview, unless it was moved meanwhile.
  const continueToPreview = useRef<HTMLButtonElement | null>(null);
  const contentShown = step === "merge" && !loadingContent && summary !== null;
  useEffect(() => {
    if (!contentShown) return;
    const active = document.activeElement;
    const stillOnOpening =
      !active ||
      active === document.body ||
      (active.getAttribute("aria-label") === "Close" && active.closest("[role=dialog]") !== null);
    if (stillOnOpening) continueToPreview.current?.focus();
  }, [contentShown]);

  const dateRange = (): DateRange | null => {
    if (rangeType !== "custom") return { type: rangeType, range: null };
    const range = start && end ? customRangeFromDates(start, end, timeZone) : null;
    return range ? { type: "custom", range } : null;
  };

  const loadContent = async (range: DateRange, fromResume = false) => {
    setStep("merge");
    setFocusRange(false);
    setSummary(null);
    setLoadingContent(true);
    try {
      const result = await multiChannelApi.content(orgId, {
        dateRange: range,
        selectedChannels: [...selectedChannels],
        selectedShows: [...selectedShows],
      });
      setSummary(result);
      // Merging defaults on where duplicate titles exist (spec section 4), unless coming back.
      if (!fromResume) {
        setMergeVideos(result.videos.duplicates > 0);
        setMergeEpisodes(result.episodes.duplicates > 0);
      }
    } catch (e) {
      toast.error(serverMessage(e, multiChannelMessages.loadMergeFailed));
      // Too much content for a board: the way on is a shorter range, so the setup opens there
      // (it opened on the title, with its text selected).
      setFocusRange(e instanceof ApiError && e.reason === "too_much_content");
      setStep("setup");
    } finally {
      setLoadingContent(false);
    }
  };

  // Coming back from a board: load its figures when the dialog opens. Only opening (or a new
  // resume) should trigger it, not every new loadContent closure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on open/resume changes only
  useEffect(() => {
    if (open && resume) void loadContent(resume.dateRange, true);
  }, [open, resume]);

  const continueToMerge = () => {
    if (!title.trim()) return toast.error(MULTI_CHANNEL_MESSAGES.title);
    if (selectedChannels.size === 0) return toast.error(MULTI_CHANNEL_MESSAGES.channels);
    if (selectedShows.size === 0) return toast.error(MULTI_CHANNEL_MESSAGES.shows);
    if (rangeType === "custom" && start && end && start > end)
      return toast.error(RANGE_ORDER_MESSAGE);
    const range = dateRange();
    if (!range) return toast.error(MULTI_CHANNEL_MESSAGES.customRange);
    void loadContent(range);
  };

  // Back from a board and on with the same setup: the same board, with every pairing people
  // made on it. A new preview is built from the automatic matches only, and replaces the board.
  const keepsBoard = (options: MergeOptions) => {
    const range = dateRange();
    return Boolean(
      resume &&
        resumedPreviewId &&
        range &&
        title.trim() === resume.title &&
        sameRange(range, resume.dateRange) &&
        sameIds(selectedChannels, resume.selectedChannels) &&
        sameIds(selectedShows, resume.selectedShows) &&
        sameMerge(options, resume.mergeOptions),
    );
  };

  const generate = async (options: MergeOptions) => {
    const range = dateRange();
    if (!range) return;
    if (keepsBoard(options) && resumedPreviewId) {
      setStep("setup");
      onPreview(resumedPreviewId);
      return;
    }
    setGenerating(true);
    try {
      const { previewId } = await multiChannelApi.createPreview(orgId, {
        title: title.trim(),
        dateRange: range,
        selectedChannels: [...selectedChannels],
        selectedShows: [...selectedShows],
        mergeOptions: options,
      });
      toast.success(multiChannelMessages.previewGenerated);
      setStep("setup");
      onPreview(previewId);
    } catch (e) {
      toast.error(serverMessage(e, multiChannelMessages.previewFailed));
    } finally {
      setGenerating(false);
    }
  };

  const mergeOptions: MergeOptions = {
    mergeVideos,
    mergeEpisodes,
    videoMergeStrategy: mergeVideos ? "title" : "none",
    episodeMergeStrategy: mergeEpisodes ? "title" : "none",
  };

  return (
    <>
      <Dialog
        open={open && step === "setup"}
        onOpenChange={onOpenChange}
        title="Create Multi-Channel Report"
        size="lg"
        initialFocus={focusRange ? rangeSelect : undefined}
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            continueToMerge();
          }}
        >
          <div className="space-y-1">
            <label htmlFor="mc-title" className="block text-sm font-medium">
              Title
            </label>
            <input
              id="mc-title"
              dir="auto"
              maxLength={TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="mc-range" className="block text-sm font-medium">
              Date Range
            </label>
            <select
              id="mc-range"
              ref={rangeSelect}
              value={rangeType}
              onChange={(e) => setRangeType(e.target.value as DateRangeType)}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {dateRangeOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {rangeType === "custom" && (
            <CustomDates start={start} end={end} onStartChange={setStart} onEndChange={setEnd} />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <CheckboxList
              legend="YouTube Channels"
              searchLabel="Search channels"
              options={channels}
              selected={selectedChannels}
              onChange={setSelectedChannels}
            />
            <CheckboxList
              legend="Podcast Shows"
              searchLabel="Search shows"
              options={shows}
              selected={selectedShows}
              onChange={setSelectedShows}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={open && step === "merge"}
        onOpenChange={onOpenChange}
        title="Merge Content Options"
        size="lg"
      >
        {loadingContent || !summary ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
            Loading content...
          </p>
        ) : (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {[
                ["Total videos", summary.videos.before],
                ["Total episodes", summary.episodes.before],
                ["Duplicates found", summary.videos.duplicates + summary.episodes.duplicates],
                [
                  "After merging",
                  (mergeVideos ? summary.videos.after : summary.videos.before) +
                    (mergeEpisodes ? summary.episodes.after : summary.episodes.before),
                ],
              ].map(([label, value]) => (
                <div
                  key={label}
                  className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                >
                  <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            {[
              ["Merge duplicate videos", mergeVideos, setMergeVideos, summary.videos] as const,
              [
                "Merge duplicate episodes",
                mergeEpisodes,
                setMergeEpisodes,
                summary.episodes,
              ] as const,
            ].map(([label, checked, set, figures]) => (
              <div key={label} className="space-y-1">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={(e) => set(e.target.checked)}
                  />{" "}
                  {label} ({countOf(figures.duplicates, "duplicate")})
                </label>
                {figures.examples.length > 0 && (
                  <ul className="ml-6 list-disc text-xs text-slate-500 dark:text-slate-400">
                    {figures.examples.map((t) => (
                      <li key={t} dir="auto" className="text-left">
                        {t || "(untitled)"}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
            {resumedPreviewId && !keepsBoard(mergeOptions) && (
              <p className="text-sm text-amber-800 dark:text-amber-200" role="note">
                With these changes the board is built again from the automatic matches: the pairings
                made on it are not kept.
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" disabled={generating} onClick={() => void generate(NO_MERGE)}>
                Skip Merging
              </Button>
              <Button variant="secondary" disabled={generating} onClick={() => setStep("setup")}>
                Back
              </Button>
              <Button
                ref={continueToPreview}
                disabled={generating}
                onClick={() => void generate(mergeOptions)}
              >
                {generating ? "Loading preview" : "Continue to Preview"}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
