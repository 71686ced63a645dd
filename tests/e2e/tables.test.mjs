import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { DEMO_ADMIN, demoApi, ingestChannel, newPage, signIn, useBrowser } from "./support.mjs";

const browser = useBrowser();

/** Gives the demo organisation a 250-video channel through the API, as the dialog would. */
const addBenchChannel = async () =>
  ingestChannel(await demoApi(), "@bench-250", "AIza-sandbox-tables");

describe("dashboard tables", () => {
  test("browse, search, filter with chips, sort, page, download CSV and delete a channel", async () => {
    await addBenchChannel();
    const { context, page } = await newPage(browser(), { acceptDownloads: true });
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Videos" }).click();
    await page.waitForURL(/tab=videos/);
    const rows = page.getByTestId("table-row");
    await rows.first().waitFor();
    assert.equal(await rows.count(), 200);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText(/page 2 of \d+/).waitFor();

    await page.getByRole("button", { name: "Views", exact: true }).click();
    await page.waitForURL(/sort=views/);
    await page.locator("th[aria-sort]").getByText("Views", { exact: true }).waitFor();

    await page.getByLabel("Filter by views").selectOption("gt1000");
    await page
      .getByRole("button", { name: /Remove filter Views: More than 1,000 views/ })
      .waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByRole("button", { name: /Remove filter/ }).waitFor({ state: "detached" });

    // Search for the title of a row on screen: every row left must contain it.
    const title = (await rows.first().getByRole("link").first().textContent()).trim();
    await page.getByLabel("Search Videos").fill(title);
    await page.waitForURL((url) => url.searchParams.get("q") === title);
    await page.waitForFunction(
      (t) =>
        [...document.querySelectorAll('[data-testid="table-row"]')].every((r) =>
          r.textContent.includes(t),
        ),
      title,
    );
    const shown = await page.getByText(/^\d+ rows/).textContent();
    // Reload keeps the table state from the URL.
    await page.reload();
    await page.getByText(shown).waitFor();

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    await page.getByRole("menuitem", { name: "CSV" }).click();
    const file = await downloading;
    assert.match(file.suggestedFilename(), /^youtube_videos_.*\.csv$/);
    const csv = await readFile(await file.path(), "utf8");
    const [header, first] = csv.trim().split("\r\n");
    assert.equal(
      header.split(",").slice(0, 6).join(","),
      "Video Title,Video ID,Channel,Views,Likes,Comments",
    );
    assert.ok(first.includes(title.replace(/"/g, '""')), "the CSV holds the searched video");

    await page.getByRole("tab", { name: "Channels" }).click();
    const bench = page.getByTestId("table-row").filter({ hasText: "Bench 250" });
    await bench.getByRole("checkbox", { name: "Select row" }).check();
    await page.getByRole("button", { name: "Delete Selected (1)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("1 channel(s) deleted").waitFor();
    await bench.waitFor({ state: "detached" });
    await context.close();
  });
});
