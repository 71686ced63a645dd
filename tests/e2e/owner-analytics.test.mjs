import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ingestChannel,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
// The sandbox Google account <handle>@gmail.com owns the channel @<handle>.
const HANDLE = "@owner-e2e";
const OWNER_ACCOUNT = "owner-e2e@gmail.com";
const own = useOrganization("Owner analytics", (org) =>
  ingestChannel(org.api, HANDLE, "AIza-sandbox-e2e-key"),
);

/** Polls the organisation's jobs until one of `kind` has succeeded. */
async function waitForKind(api, kind) {
  for (let i = 0; i < 300; i++) {
    const { jobs } = await api.call("jobs?limit=10");
    const job = jobs.find((j) => j.kind === kind);
    if (job?.status === "succeeded") return job;
    if (job?.status === "failed") throw new Error(`${kind}: ${job.errorMessage}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${kind}: not done in time`);
}

describe("owner analytics", () => {
  test("an admin connects a channel's owner; after one refresh its trailing 1Y shows", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().admin);
    const table = page.getByRole("region", { name: "Channels table" });
    const row = table.getByTestId("table-row").first();
    await row.waitFor();
    // Public counts only, from today: no trailing year yet, so its column is not shown.
    const year = table.getByRole("columnheader", { name: /Trailing 1Y Views/ });
    assert.equal(await year.count(), 0);

    const name = (await row.getByRole("link").first().textContent()).trim();
    await row.getByRole("checkbox", { name: `Select ${name}` }).check();
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    const connect = dialog.getByRole("button", { name: "Connect owner analytics" });
    // Reachable by keyboard, and labelled by its section.
    await connect.focus();
    await page.keyboard.press("Enter");

    // Google's (sandbox) consent: the channel owner's account, every box left ticked.
    await page.getByLabel("Google account").fill(OWNER_ACCOUNT);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByText(`Owner analytics connected for "${name}".`, { exact: false }).waitFor();
    assert.equal(new URL(page.url()).searchParams.has("owner"), false);
    await page
      .getByTestId("recent-activity")
      .getByText("Owner analytics history")
      .first()
      .waitFor();
    await waitForKind(own().api, "owner.backfill");

    // One refresh: the dashboard's Refresh, as a user would.
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await page.getByText("Channel update initiated").waitFor();
    await waitForKind(own().api, "refresh.channel");
    await page.reload();
    await year.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    const headers = await table.getByRole("columnheader").allTextContents();
    const at = headers.findIndex((h) => h.includes("Trailing 1Y Views"));
    assert.ok(at >= 0, headers.join(" | "));
    assert.match(cells[at] ?? "", /\d/, `trailing 1Y cell: ${cells[at]}`);

    // The window figures name their source; the detail panel charts the owner's watch time.
    const yearCell = row.getByRole("cell").nth(at);
    assert.match(await yearCell.textContent(), /\(Owner analytics\)/);
    await row.getByRole("button", { name: `Details for ${name}` }).click();
    await page.getByRole("region", { name: "Watch time" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("region", { name: "Watch time" }).waitFor({ state: "detached" });

    // The Edit dialog now says whose account it is.
    await row.getByRole("checkbox", { name: `Select ${name}` }).check();
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await dialog.getByTestId("owner-status").getByText(OWNER_ACCOUNT).waitFor();
    await context.close();
  });
});
