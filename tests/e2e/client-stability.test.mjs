import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { watchForCrashes } from "./crash-watch.mjs";
import {
  baseUrl,
  ingestChannel,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
  waitForJob,
} from "./support.mjs";

const browser = useBrowser();
/** This file's organisation: one channel and one show, so every path below has content. */
const own = useOrganization("Stability", async ({ api }) => {
  await api.call("integrations/simplecast/connect", { apiKey: "sandbox-stability-token" });
  const { podcasts } = await api.call("integrations/simplecast/podcasts");
  const { jobId } = await api.call("shows", { podcastIds: [podcasts[0].id] });
  await ingestChannel(api, "@stability-channel", "AIza-sandbox-stability");
  await waitForJob(api, jobId);
});

/** Signed in as the file's admin on the dashboard, with a crash watcher and a fake clock. */
async function dashboard() {
  const { context, page } = await newPage(browser());
  await page.clock.install();
  const watch = watchForCrashes(page);
  await signInToDashboard(page, own().admin);
  await page.getByTestId("table-row").first().waitFor();
  return { context, page, watch };
}

describe("the client does not crash on its primary paths (issue #21)", () => {
  test("the dashboard's New Report opens the report dialog listing the channels", async () => {
    const { context, page, watch } = await dashboard();
    await page.getByRole("button", { name: "New Report" }).click();
    const dialog = page.getByRole("dialog", { name: "New YouTube Report" });
    await dialog.getByLabel("Title").waitFor();
    await dialog.getByRole("checkbox").first().waitFor();
    assert.ok((await dialog.getByRole("checkbox").count()) >= 1);
    // Back leaves the report page for the table it came from, once, dialog open or closed.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.goBack();
    await page.getByTestId("table-row").first().waitFor();
    assert.equal(new URL(page.url()).searchParams.get("tab"), null);
    assert.equal(await page.getByRole("dialog").count(), 0);
    assert.deepEqual(await watch.check(), []);
    await context.close();
  });

  test("offline, a dialog, a menu and a page whose code has not arrived say so, and the page stays", async () => {
    const { context, page, watch } = await dashboard();
    await context.setOffline(true);
    // Add Channel's dialog: it used to replace the whole page with "Crosscast has been updated".
    await page.getByRole("button", { name: "Add Channel" }).click();
    await page
      .getByText(
        "This dialog could not be loaded: you seem to be offline. Reconnect, then reload the page.",
      )
      .waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0);
    assert.ok(await page.getByTestId("table-row").first().isVisible());
    // A menu whose code loads on first use goes back to its button.
    await page.getByRole("button", { name: "Download" }).click();
    await page
      .getByText(
        "This menu could not be loaded: you seem to be offline. Reconnect, then reload the page.",
      )
      .waitFor();
    assert.ok(await page.getByRole("button", { name: "Download" }).isVisible());
    assert.ok(await page.getByTestId("table-row").first().isVisible());
    // A page says it is the connection, not an update, and reloading once back online cures it.
    await page.getByRole("link", { name: "Reports", exact: true }).first().click();
    await page.getByRole("heading", { name: "You seem to be offline" }).waitFor();
    assert.equal(await page.getByText("Crosscast has been updated").count(), 0);
    assert.deepEqual(
      watch.problems.filter((p) => p.startsWith("uncaught")),
      [],
      "a failed warm-up or load was left unhandled",
    );
    await context.setOffline(false);
    await page.getByRole("button", { name: "Reload" }).click();
    // The page's own heading: its lists' headings ("Recurring Reports", "Reports") may be in too.
    await page.getByRole("heading", { name: "Reports", exact: true, level: 1 }).waitFor();
    await context.close();
  });

  test("offline before any toast of the page, a failure still says so", async () => {
    const { context, page } = await dashboard();
    // A page restored from its session shows no toast, so sonner's code has not been fetched,
    // and the fake clock holds back the few seconds after which it would be.
    await page.reload();
    await page.getByTestId("table-row").first().waitFor();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Add Channel" }).click();
    await page
      .getByRole("alert")
      .filter({
        hasText:
          "This dialog could not be loaded: you seem to be offline. Reconnect, then reload the page.",
      })
      .waitFor();
    assert.ok(await page.getByTestId("table-row").first().isVisible());
    await context.close();
  });

  test("a stale cache after a quarter of an hour: Reports, then back to the Dashboard", async () => {
    const { context, page, watch } = await dashboard();
    await page.getByRole("link", { name: "Reports", exact: true }).click();
    await page.getByRole("heading", { name: "Recurring Reports" }).waitFor();
    // Fifteen minutes later every cached answer is stale (and the access token has expired).
    await page.clock.fastForward("15:00");
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByTestId("table-row").first().waitFor();
    await page.getByRole("button", { name: "New Report" }).click();
    await page
      .getByRole("dialog", { name: "New YouTube Report" })
      .getByRole("checkbox")
      .first()
      .waitFor();
    assert.deepEqual(await watch.check(), []);
    await context.close();
  });

  test("Reports, YouTube tab first, then Multi-Channel shows the organisation's counts", async () => {
    const { context, page, watch } = await dashboard();
    await page.goto(`${baseUrl()}/reports?tab=youtube`);
    await page.getByRole("heading", { name: "Recurring Reports" }).waitFor();
    await page.getByRole("tab", { name: "Multi-Channel" }).click();
    await page.getByRole("heading", { name: "Multi-Channel Reports" }).waitFor();
    await page.getByRole("button", { name: "New Multi-Channel Report" }).waitFor();
    assert.equal(
      await page.getByText("Multi-channel reports need at least one YouTube channel").count(),
      0,
    );
    assert.deepEqual(await watch.check(), []);
    await context.close();
  });
});

describe("error boundaries and reports (issue #21)", () => {
  /** The Worker's log as the test runner captured it (E2E_SERVER_LOG). */
  const serverLog = () => readFile(process.env.E2E_SERVER_LOG ?? "", "utf8");

  test("a page that fails shows our screen inside the layout, and its report reaches the Worker's log", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.goto(`${baseUrl()}/__crash-test?at=render`);
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    // Plain words and a reference, never a stack trace; the header stays for a way back.
    assert.equal(await page.getByText("failed on purpose").count(), 0);
    assert.equal(await page.getByText(/at \w+ \(/).count(), 0);
    await page.getByText("Reference for support").waitFor();
    const reference = await page.locator("code").innerText();
    assert.match(reference, /^[0-9a-f-]{36}$/);
    assert.ok(await page.getByRole("link", { name: "Dashboard", exact: true }).isVisible());
    // The report is in the Worker's log under that reference, with the route and build.
    let line;
    for (let i = 0; i < 50 && !line; i++) {
      line = (await serverLog())
        .split("\n")
        .find((l) => l.includes("client: error reported") && l.includes(reference));
      if (!line) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(line, "the client error report was not logged");
    // The line may carry the terminal's colour codes around the JSON.
    const logged = JSON.parse(line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1));
    assert.equal(logged.kind, "route-boundary");
    assert.equal(logged.route, "/__crash-test?at=render");
    assert.match(logged.message, /the page failed on purpose/);
    assert.match(logged.buildVersion, /^\d+\.\d+\.\d+/);
    // Going to the dashboard leaves the error behind.
    await page.getByRole("button", { name: "Go to dashboard" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await context.close();
  });

  test("a dialog that fails closes itself and leaves the page as it was", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.goto(`${baseUrl()}/__crash-test`);
    await page.getByRole("heading", { name: "Crash test" }).waitFor();
    await page.getByRole("button", { name: "Open a failing dialog" }).click();
    await page.getByText("Something went wrong in this dialog, so it was closed.").waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0);
    assert.ok(await page.getByRole("heading", { name: "Crash test" }).isVisible());
    // It can be opened again (and fails again the same way, without taking the page down).
    await page.getByRole("button", { name: "Open a failing dialog" }).click();
    await page.getByRole("heading", { name: "Crash test" }).waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0);
    await context.close();
  });
});
