import { useId, useMemo, useState } from "react";
import { customRangeFromDates, dateRangeOptions } from "../../../shared/date-ranges";
import {
  DAYS_OF_MONTH,
  type Frequency,
  SCHEDULE_DEFAULTS,
  type ScheduleTime,
  scheduleTimeOptions,
  WEEKDAYS,
} from "../../../shared/schedule";
import {
  type DateRange,
  type DateRangeType,
  RANGE_ORDER_MESSAGE,
} from "../../../shared/schemas/date-range";
import {
  DEFAULT_TAB_NAME,
  type PersistentSheetView,
  type ReportPlatform,
  reportMessages,
  type ScheduleView,
  type SheetDestination,
} from "../../../shared/schemas/reports";
import { SPREADSHEET_NAME_MAX, TAB_NAME_MAX, TITLE_MAX } from "../../../shared/text-limits";
import { CheckboxList, type Option } from "../../components/CheckboxList";
import { CustomDates } from "../../components/CustomDates";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";
import { ApiError } from "../../lib/api/client";
import { serverMessage } from "../../lib/api/errors";
import { useTimeZone } from "../../lib/auth/use-time-zone";
import { toast } from "../../lib/toast";
import { reportsApi } from "./reports-api";

type Props = {
  orgId: string;
  platform: ReportPlatform;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entities: Option[];
  persistentSheets: PersistentSheetView[];
  /** A recurring report being edited (editing always starts as recurring, spec section 4). */
  editing?: ScheduleView | null;
  onSaved: () => void;
};

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";
const isoDay = (iso: string | undefined) => (iso ? iso.slice(0, 10) : "");

/** A labelled text box of the dialog, in the text's own direction (a title may be Arabic). */
function TextInput({
  label,
  value,
  maxLength,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="block text-sm">
      {label}
      <input
        className={inputClass}
        dir="auto"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function Radio({
  name,
  value,
  checked,
  onChange,
  children,
  describedBy,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (v: string) => void;
  children: React.ReactNode;
  describedBy?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        // Browsers give Tab only a group's chosen radio, but the dialog's focus trap wraps to the
        // first radio it finds, chosen or not, and Tab then walked the group twice. Every group
        // here always has a choice, so the others leave the Tab order (arrow keys still reach them).
        tabIndex={checked ? 0 : -1}
        aria-describedby={describedBy}
        onChange={() => onChange(value)}
      />{" "}
      {children}
    </label>
  );
}

/** The Report dialog (spec sections 2, 4, 5): one-time or recurring, with sheet behaviour, schedule and destination. */
export function ReportDialog({
  orgId,
  platform,
  open,
  onOpenChange,
  entities,
  persistentSheets,
  editing,
  onSaved,
}: Props) {
  const timeZone = useTimeZone();
  const platformLabel = platform === "youtube" ? "YouTube" : "Simplecast";
  const stored =
    editing && "type" in editing.dateRange && "range" in editing.dateRange
      ? (editing.dateRange as DateRange)
      : null;
  const [type, setType] = useState<"one-time" | "recurring">(editing ? "recurring" : "one-time");
  const [behavior, setBehavior] = useState<"new" | "persistent">(
    editing?.isPersistent ? "persistent" : "new",
  );
  const [frequency, setFrequency] = useState<Frequency>(
    editing?.frequency ?? SCHEDULE_DEFAULTS.frequency,
  );
  const [dayOfWeek, setDayOfWeek] = useState<number>(
    editing?.dayOfWeek ?? SCHEDULE_DEFAULTS.dayOfWeek,
  );
  const [dayOfMonth, setDayOfMonth] = useState<number>(
    editing?.dayOfMonth ?? SCHEDULE_DEFAULTS.dayOfMonth,
  );
  const [time, setTime] = useState<ScheduleTime>(
    (editing?.scheduledTime as ScheduleTime | undefined) ?? SCHEDULE_DEFAULTS.scheduledTime,
  );
  const [destination, setDestination] = useState<"new" | "existing">(
    editing?.persistentSheet ? "existing" : "new",
  );
  const [sheetName, setSheetName] = useState("");
  const [tabStructure, setTabStructure] = useState<"default" | "custom">(
    editing?.sheetTabName ? "custom" : "default",
  );
  // Editing a schedule with a spreadsheet keeps writing there, as it did: the existing one is
  // preselected with its own tabs (its default tabs stay default: this used to offer a "Videos"
  // tab, and saving an untouched dialog stopped the Channels tab being written).
  const [tabName, setTabName] = useState(editing?.sheetTabName ?? DEFAULT_TAB_NAME);
  const [existingSheet, setExistingSheet] = useState(
    editing?.persistentSheet?.id ?? persistentSheets[0]?.id ?? "",
  );
  const noSheetYetId = useId();
  const [title, setTitle] = useState(editing?.title ?? "");
  const [rangeType, setRangeType] = useState<DateRangeType>(
    stored?.type ?? SCHEDULE_DEFAULTS.dateRange.type,
  );
  const [start, setStart] = useState(isoDay(stored?.range?.start));
  const [end, setEnd] = useState(isoDay(stored?.range?.end));
  const [selected, setSelected] = useState<Set<string>>(new Set(editing?.selectedEntities ?? []));
  const [busy, setBusy] = useState(false);
  const timeOptions = useMemo(() => scheduleTimeOptions(timeZone, new Date()), [timeZone]);

  const persistent = type === "recurring" && behavior === "persistent";
  const dateRange = (): DateRange | null => {
    if (rangeType !== "custom") return { type: rangeType, range: null };
    const range = start && end ? customRangeFromDates(start, end, timeZone) : null;
    return range ? { type: "custom", range } : null;
  };
  // Create is enabled only when the spec's conditions hold (section 5).
  const destinationReady =
    !persistent ||
    (destination === "new"
      ? sheetName.trim().length > 0 || Boolean(editing?.persistentSheet)
      : existingSheet !== "" && (tabStructure === "default" || tabName.trim().length > 0));
  const canSubmit =
    !busy &&
    title.trim().length > 0 &&
    selected.size > 0 &&
    destinationReady &&
    (rangeType !== "custom" || (start !== "" && end !== ""));

  const submit = async () => {
    if (rangeType === "custom" && start && end && start > end)
      return toast.error(RANGE_ORDER_MESSAGE);
    const range = dateRange();
    if (!range) return toast.error("Please select both start and end dates for custom range");
    setBusy(true);
    try {
      if (type === "one-time") {
        await reportsApi.create(orgId, {
          title: title.trim(),
          platform,
          dateRange: range,
          selectedEntities: [...selected],
        });
        toast.success(reportMessages.created);
      } else {
        const dest: SheetDestination | null = !persistent
          ? null
          : destination === "existing"
            ? {
                kind: "existing",
                persistentSheetId: existingSheet,
                ...(tabStructure === "custom" ? { tabName: tabName.trim() } : {}),
              }
            : {
                kind: "new",
                sheetName: sheetName.trim() || editing?.persistentSheet?.sheetName || title.trim(),
                tabStructure,
                ...(tabStructure === "custom"
                  ? { tabName: tabName.trim() || DEFAULT_TAB_NAME }
                  : {}),
              };
        const body = {
          title: title.trim(),
          dateRange: range,
          selectedEntities: [...selected],
          frequency,
          dayOfWeek: frequency === "weekly" ? dayOfWeek : null,
          dayOfMonth: frequency === "monthly" ? dayOfMonth : null,
          scheduledTime: time,
          isPersistent: persistent,
          destination: dest,
        };
        if (editing) {
          await reportsApi.updateSchedule(orgId, editing.id, body);
          toast.success(reportMessages.updated);
        } else {
          await reportsApi.createSchedule(orgId, { ...body, platform });
          toast.success(persistent ? reportMessages.persistentCreated : reportMessages.created);
        }
      }
      onSaved();
      onOpenChange(false);
    } catch (e) {
      toast.error(serverMessage(e, reportMessages.createFailed));
      // Deleted meanwhile (another tab, a colleague): nothing left to edit. The list is read
      // again so its row goes, and the dialog closes rather than failing on every press.
      if (editing && e instanceof ApiError && e.status === 404) {
        onSaved();
        onOpenChange(false);
      }
    } finally {
      setBusy(false);
    }
  };

  // Which tabs the report writes: the platform's two, or one tab of the person's naming.
  const tabChoice = (
    <>
      <div className="flex flex-wrap gap-4">
        <Radio
          name="tabs"
          value="default"
          checked={tabStructure === "default"}
          onChange={() => setTabStructure("default")}
        >
          Default tabs ({platform === "youtube" ? "Channels & Videos" : "Shows & Episodes"})
        </Radio>
        <Radio
          name="tabs"
          value="custom"
          checked={tabStructure === "custom"}
          onChange={() => setTabStructure("custom")}
        >
          One custom tab
        </Radio>
      </div>
      {tabStructure === "custom" && (
        <TextInput
          label="Tab name"
          value={tabName}
          maxLength={TAB_NAME_MAX}
          onChange={setTabName}
        />
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${editing ? "Edit" : "New"} ${platformLabel} Report`}
      size="lg"
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) void submit();
        }}
      >
        {!editing && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold">Report Type</legend>
            <div className="flex gap-4">
              <Radio
                name="report-type"
                value="one-time"
                checked={type === "one-time"}
                onChange={() => setType("one-time")}
              >
                One-time
              </Radio>
              <Radio
                name="report-type"
                value="recurring"
                checked={type === "recurring"}
                onChange={() => setType("recurring")}
              >
                Recurring
              </Radio>
            </div>
          </fieldset>
        )}
        {type === "recurring" && (
          <>
            <fieldset className="space-y-1">
              <legend className="text-sm font-semibold">Sheet Behavior</legend>
              <div className="flex flex-wrap gap-4">
                <Radio
                  name="sheet-behavior"
                  value="new"
                  checked={behavior === "new"}
                  onChange={() => setBehavior("new")}
                >
                  Create new sheet each time
                </Radio>
                <Radio
                  name="sheet-behavior"
                  value="persistent"
                  checked={behavior === "persistent"}
                  onChange={() => setBehavior("persistent")}
                >
                  Update the same sheet
                </Radio>
              </div>
            </fieldset>
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-1 text-sm font-semibold">Schedule</legend>
              <label className="text-sm">
                Frequency
                <select
                  className={inputClass}
                  value={frequency}
                  onChange={(e) => setFrequency(e.target.value as Frequency)}
                >
                  <option value="daily">Daily</option>
                  <option value="weekly">Weekly</option>
                  <option value="monthly">Monthly</option>
                </select>
              </label>
              {frequency === "weekly" && (
                <label className="text-sm">
                  Day of Week
                  <select
                    className={inputClass}
                    value={dayOfWeek}
                    onChange={(e) => setDayOfWeek(Number(e.target.value))}
                  >
                    {WEEKDAYS.map((d) => (
                      <option key={d.value} value={d.value}>
                        {d.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {frequency === "monthly" && (
                <label className="text-sm">
                  Day of Month
                  <select
                    className={inputClass}
                    value={dayOfMonth}
                    onChange={(e) => setDayOfMonth(Number(e.target.value))}
                  >
                    {DAYS_OF_MONTH.map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label className="text-sm">
                Time of Day
                <select
                  className={inputClass}
                  value={time}
                  onChange={(e) => setTime(e.target.value as ScheduleTime)}
                >
                  {timeOptions.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
          </>
        )}
        {persistent && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Sheet Destination</legend>
            <div className="flex flex-wrap gap-4">
              <Radio
                name="destination"
                value="new"
                checked={destination === "new"}
                onChange={() => setDestination("new")}
                describedBy={persistentSheets.length === 0 ? noSheetYetId : undefined}
              >
                Create a new spreadsheet
              </Radio>
              {/* Offered only once a spreadsheet exists (spec section 5). */}
              {persistentSheets.length > 0 && (
                <Radio
                  name="destination"
                  value="existing"
                  checked={destination === "existing"}
                  onChange={() => {
                    setDestination("existing");
                    // Another report's spreadsheet: a tab of this report's own, unless this
                    // schedule already writes its default tabs there.
                    if (editing?.persistentSheet?.id !== existingSheet) setTabStructure("custom");
                  }}
                >
                  Add a tab to an existing spreadsheet
                </Radio>
              )}
            </div>
            {/* Until then, a line says how the other choice comes to be: a lone "Create a new
                spreadsheet" radio gave no hint that a report could add its tab to another's. */}
            {persistentSheets.length === 0 && (
              <p id={noSheetYetId} className="text-xs text-slate-600 dark:text-slate-300">
                No spreadsheet yet: the first report that updates the same sheet creates one, and
                later reports can add their tab to it.
              </p>
            )}
            {destination === "new" ? (
              <div className="space-y-2">
                <TextInput
                  label="Spreadsheet name"
                  value={sheetName}
                  maxLength={SPREADSHEET_NAME_MAX}
                  onChange={setSheetName}
                  placeholder={editing?.persistentSheet?.sheetName ?? ""}
                />
                {tabChoice}
              </div>
            ) : (
              <div className="grid gap-3">
                <label className="text-sm">
                  Spreadsheet
                  <select
                    className={inputClass}
                    value={existingSheet}
                    onChange={(e) => setExistingSheet(e.target.value)}
                  >
                    {persistentSheets.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.sheetName}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="space-y-2 sm:col-span-2">{tabChoice}</div>
              </div>
            )}
          </fieldset>
        )}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Report Details</legend>
          <TextInput label="Title" value={title} maxLength={TITLE_MAX} onChange={setTitle} />
          <label className="block text-sm">
            Date Range
            <select
              className={inputClass}
              value={rangeType}
              onChange={(e) => setRangeType(e.target.value as DateRangeType)}
            >
              {dateRangeOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          {rangeType === "custom" && (
            <CustomDates start={start} end={end} onStartChange={setStart} onEndChange={setEnd} />
          )}
          <CheckboxList
            legend={platform === "youtube" ? "Channels" : "Shows"}
            searchLabel={platform === "youtube" ? "Search channels" : "Search shows"}
            options={entities}
            selected={selected}
            onChange={setSelected}
            maxHeight="max-h-48"
          />
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {busy ? "Creating..." : editing ? "Update Report" : "Create Report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
