import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReportDialog } from "../../client/features/reports/ReportDialog";
import { AuthProvider } from "../../client/lib/auth/AuthProvider";
import { toast } from "../../client/lib/toast";
import {
  type PersistentSheetView,
  reportCreatedSchema,
  type ScheduleView,
  scheduleCreatedSchema,
} from "../../shared/schemas/reports";
import { aSchedule } from "./schedules";

/*
 * The report dialog's enabling rules and defaults (spec section 5): Create is enabled only when
 * a title, at least one channel, a complete custom range and (for 'Update the same sheet') a
 * destination are given; recurring defaults are daily, Monday, the 1st, 00:00 UTC, last 30 days;
 * what is sent is exactly what was chosen. The server is faked at fetch.
 */

/** The fake server; `answer` may answer a path first (a refusal, say). */
function serve(answer?: (path: string) => Response | undefined) {
  const bodies: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      bodies.push({ path, body });
      const reply = (status: number, json: unknown) =>
        new Response(JSON.stringify(json), {
          status,
          headers: { "content-type": "application/json" },
        });
      if (path.startsWith("/api/auth/refresh"))
        return reply(401, {
          error: { code: "UNAUTHORIZED", message: "no", reason: "no_session", requestId: "r" },
        });
      const answered = answer?.(path);
      if (answered) return answered;
      // The answers are the routes' own (parsed by their schemas, as the client parses them).
      if (path.endsWith("/reports/schedules"))
        return reply(
          201,
          scheduleCreatedSchema.parse({ schedule: { id: "s1" }, initialRunId: null }),
        );
      if (path.endsWith("/reports"))
        return reply(201, reportCreatedSchema.parse({ report: { id: "r1", status: "queued" } }));
      throw new Error(`unexpected ${path}`);
    }),
  );
  return bodies;
}

function open(
  onSaved = vi.fn(),
  more: {
    onOpenChange?: (open: boolean) => void;
    editing?: ScheduleView;
    sheets?: PersistentSheetView[];
  } = {},
) {
  render(
    <AuthProvider>
      <ReportDialog
        orgId="o1"
        platform="youtube"
        open
        onOpenChange={more.onOpenChange ?? (() => undefined)}
        editing={more.editing}
        entities={[
          { id: "c1", title: "Tech channel" },
          { id: "c2", title: "Music channel" },
        ]}
        persistentSheets={more.sheets ?? []}
        onSaved={onSaved}
      />
    </AuthProvider>,
  );
  return onSaved;
}

/** The new report dialog with a title, the Music channel and a custom range chosen. */
async function withCustomRange(user: ReturnType<typeof userEvent.setup>, title: string) {
  open();
  const dialog = await screen.findByRole("dialog", { name: "New YouTube Report" });
  await user.type(within(dialog).getByLabelText("Title"), title);
  await user.click(within(dialog).getByRole("checkbox", { name: "Music channel" }));
  await user.selectOptions(within(dialog).getByLabelText("Date Range"), "custom");
  return dialog;
}

const create = () => screen.getByRole("button", { name: "Create Report" }) as HTMLButtonElement;

describe("ReportDialog", () => {
  it("enables Create only with a title and a channel; a one-time report sends exactly them", async () => {
    const bodies = serve();
    const user = userEvent.setup();
    const onSaved = open();
    const dialog = await screen.findByRole("dialog", { name: "New YouTube Report" });
    expect(create().disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("Title"), "  Weekly  ");
    expect(create().disabled).toBe(true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Tech channel" }));
    expect(create().disabled).toBe(false);
    await user.clear(within(dialog).getByLabelText("Title"));
    await user.type(within(dialog).getByLabelText("Title"), "   ");
    expect(create().disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("Title"), "Weekly");
    expect((within(dialog).getByLabelText("Date Range") as HTMLSelectElement).value).toBe("30days");
    await user.click(create());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodies.find((b) => b.path === "/api/orgs/o1/reports")!.body).toEqual({
      title: "Weekly",
      platform: "youtube",
      dateRange: { type: "30days", range: null },
      selectedEntities: ["c1"],
    });
  });

  it("a custom range needs both dates", async () => {
    serve();
    const user = userEvent.setup();
    const dialog = await withCustomRange(user, "Custom");
    expect(create().disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("Start date"), "2026-11-01");
    expect(create().disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("End date"), "2026-11-07");
    expect(create().disabled).toBe(false);
  });

  it("a custom range that ends before it starts says so, and sends nothing", async () => {
    const bodies = serve();
    const errors: string[] = [];
    vi.spyOn(toast, "error").mockImplementation((message: string) => {
      errors.push(message);
    });
    const user = userEvent.setup();
    const dialog = await withCustomRange(user, "Backwards");
    await user.type(within(dialog).getByLabelText("Start date"), "2026-11-30");
    await user.type(within(dialog).getByLabelText("End date"), "2026-11-01");
    // Said beside the fields as soon as the end is typed, and again by Create's toast.
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "The start date must be on or before the end date",
    );
    expect(within(dialog).getByLabelText("End date").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByLabelText("End date").getAttribute("min")).toBe("2026-11-30");
    await user.click(create());
    expect(errors).toEqual(["The start date must be on or before the end date"]);
    expect(bodies.filter((b) => b.path.endsWith("/reports"))).toEqual([]);
  });

  it("recurring: defaults daily at 00:00 UTC; weekly adds Monday; 'Update the same sheet' needs a spreadsheet name", async () => {
    const bodies = serve();
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole("dialog", { name: "New YouTube Report" });
    await user.click(within(dialog).getByRole("radio", { name: "Recurring" }));
    const frequency = within(dialog).getByLabelText("Frequency") as HTMLSelectElement;
    expect(frequency.value).toBe("daily");
    expect(within(dialog).queryByLabelText("Day of Week")).toBeNull();
    await user.selectOptions(frequency, "weekly");
    expect((within(dialog).getByLabelText("Day of Week") as HTMLSelectElement).value).toBe("1");
    expect((within(dialog).getByLabelText("Time of Day") as HTMLSelectElement).value).toBe("00:00");
    await user.type(within(dialog).getByLabelText("Title"), "Every week");
    await user.click(within(dialog).getByRole("checkbox", { name: "Tech channel" }));
    expect(create().disabled).toBe(false);
    await user.click(within(dialog).getByRole("radio", { name: "Update the same sheet" }));
    expect(create().disabled).toBe(true);
    // No spreadsheet to add a tab to yet: that choice is not offered (spec section 5), and the
    // one there is says how the other comes to be.
    expect(
      within(dialog).queryByRole("radio", { name: "Add a tab to an existing spreadsheet" }),
    ).toBeNull();
    const only = within(dialog).getByRole("radio", { name: "Create a new spreadsheet" });
    const why = document.getElementById(only.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toMatch(/^No spreadsheet yet: the first report/);
    await user.type(within(dialog).getByLabelText("Spreadsheet name"), "Tracker");
    expect(create().disabled).toBe(false);
    await user.click(create());
    await waitFor(() =>
      expect(bodies.some((b) => b.path === "/api/orgs/o1/reports/schedules")).toBe(true),
    );
    expect(bodies.find((b) => b.path === "/api/orgs/o1/reports/schedules")!.body).toEqual({
      title: "Every week",
      platform: "youtube",
      dateRange: { type: "30days", range: null },
      selectedEntities: ["c1"],
      frequency: "weekly",
      dayOfWeek: 1,
      dayOfMonth: null,
      scheduledTime: "00:00",
      isPersistent: true,
      destination: { kind: "new", sheetName: "Tracker", tabStructure: "default" },
    });
  });

  it("editing a recurring report deleted meanwhile closes and reloads the list", async () => {
    serve((path) =>
      path.endsWith("/reports/schedules/s1")
        ? new Response(
            JSON.stringify({
              error: { code: "NOT_FOUND", message: "Recurring report not found", requestId: "r" },
            }),
            { status: 404, headers: { "content-type": "application/json" } },
          )
        : undefined,
    );
    const errors: string[] = [];
    vi.spyOn(toast, "error").mockImplementation((message: string) => {
      errors.push(message);
    });
    const onSaved = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    open(onSaved, { onOpenChange, editing: aSchedule({ frequency: "daily", dayOfWeek: null }) });
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Update Report" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSaved).toHaveBeenCalled();
    expect(errors).toEqual(["Recurring report not found"]);
  });

  it("editing a schedule on default tabs and saving it unchanged keeps the default tabs", async () => {
    const bodies = serve((path) =>
      path.endsWith("/reports/schedules/s1")
        ? new Response(JSON.stringify({ schedule: { id: "s1" } }), {
            status: 200,
            headers: { "content-type": "application/json" },
          })
        : undefined,
    );
    const sheet = {
      id: "0b7c1f1e-3c3a-4d0e-9a51-6f1f3e2d9c10",
      sheetName: "Two tabs",
      spreadsheetUrl: null,
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    const user = userEvent.setup();
    open(vi.fn(), {
      editing: aSchedule({ isPersistent: true, sheetTabName: null, persistentSheet: sheet }),
      sheets: [sheet],
    });
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByRole("radio", { name: "Add a tab to an existing spreadsheet" }),
    ).toHaveProperty("checked", true);
    expect(
      within(dialog).getByRole("radio", { name: "Default tabs (Channels & Videos)" }),
    ).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("button", { name: "Update Report" }));
    await waitFor(() => expect(bodies.some((b) => b.path.endsWith("/schedules/s1"))).toBe(true));
    expect(bodies.find((b) => b.path.endsWith("/schedules/s1"))!.body).toMatchObject({
      isPersistent: true,
      destination: { kind: "existing", persistentSheetId: sheet.id },
    });
    expect(
      (bodies.find((b) => b.path.endsWith("/schedules/s1"))!.body as { destination: object })
        .destination,
    ).not.toHaveProperty("tabName");
  });
});
