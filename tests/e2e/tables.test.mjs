import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  createOrganization,
  ingestChannel,
  newPage,
  readSpreadsheet,
  signInToDashboard,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
/** This file's organisation, with a 250-video channel (two pages of videos). */
const own = useOrganization("Tables", (made) =>
  ingestChannel(made.api, "@bench-250", "AIza-sandbox-tables"),
);

/** The Videos table of the file's organisation, with its first page on screen. */
async function openVideos(page, query = "") {
  await signInToDashboard(page, own().user);
  await page.goto(`${baseUrl()}/dashboard?tab=videos${query}`);
  const rows = page.getByTestId("table-row");
  await rows.first().waitFor();
  return rows;
}

const firstTitle = async (rows) =>
  (await rows.first().getByRole("link").first().textContent()).trim();

describe("dashboard tables", () => {
  test("200 rows a page; the next page, a sort and a filter chip go into the URL", async () => {
    const { context, page } = await newPage(browser());
    const rows = await openVideos(page);
    // The first rows are painted first and the page completes a frame later (DataTable's staged
    // rows); until then the table says it is busy.
    await page.locator("table[aria-busy=false]").waitFor();
    assert.equal(await rows.count(), 200);
    await page.getByText("250 rows · page 1 of 2").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("250 rows · page 2 of 2").waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="table-row"]').length === 50,
    );

    await page.getByRole("button", { name: "Views", exact: true }).click();
    await page.waitForURL(/sort=views/);
    await page.locator("th[aria-sort]").getByText("Views", { exact: true }).waitFor();

    await page.getByLabel("Filter by views").selectOption("gt1000");
    await page
      .getByRole("button", { name: /Remove filter Views: More than 1,000 views/ })
      .waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByRole("button", { name: /Remove filter/ }).waitFor({ state: "detached" });
    await context.close();
  });

  test("an address past the last page, or with a page that is no number, shows real rows", async () => {
    const { context, page } = await newPage(browser());
    const rows = await openVideos(page, "&page=99");
    // Taken to the last page in place: Back does not return to page 99.
    await page.getByText("250 rows · page 2 of 2").waitFor();
    await page.waitForURL(/page=2/);
    assert.equal(await page.getByText("No videos match.").count(), 0);
    await page.goto(`${baseUrl()}/dashboard?tab=videos&page=abc&dir=sideways`);
    await page.getByText("250 rows · page 1 of 2").waitFor();
    assert.ok((await rows.count()) > 0);
    // A sort the table does not have: dropped in place, the rows shown in the default order.
    await page.goto(`${baseUrl()}/dashboard?tab=videos&sort=nonsense&dir=asc`);
    await page.waitForURL((url) => !url.searchParams.has("sort"));
    await page.getByText("250 rows · page 1 of 2").waitFor();
    assert.ok((await rows.count()) > 0);
    assert.equal(await page.getByText(/unknown column/).count(), 0);
    await context.close();
  });

  test("a search keeps only matching rows, and a reload keeps the search", async () => {
    const { context, page } = await newPage(browser());
    const rows = await openVideos(page);
    const title = await firstTitle(rows);
    await page.getByLabel("Search Videos").fill(title);
    await page.waitForURL((url) => url.searchParams.get("q") === title);
    await page.waitForFunction(
      (t) =>
        [...document.querySelectorAll('[data-testid="table-row"]')].every((r) =>
          r.textContent.includes(t),
        ),
      title,
    );
    const shown = await page.getByText(/^[\d,]+ rows? · page/).textContent();
    assert.notEqual(shown.match(/^\d+/)[0], "250");
    await page.reload();
    await page.getByText(shown).waitFor();
    assert.equal(await page.getByLabel("Search Videos").inputValue(), title);
    await context.close();
  });

  test("while a slow search is answered, the old rows fade, then the new ones are shown", async () => {
    const { context, page } = await newPage(browser());
    const rows = await openVideos(page);
    const title = await firstTitle(rows);
    const last = (await rows.last().getByRole("link").first().textContent()).trim();
    // A slow network: the search's page answers 1.5 s late.
    await page.route(/\/tables\/videos\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const opacity = () =>
      page.getByTestId("table-body").evaluate((el) => Number(getComputedStyle(el).opacity));
    assert.equal(await opacity(), 1);
    await page.getByLabel("Search Videos").fill(title);
    await page.waitForFunction(
      () =>
        Number(getComputedStyle(document.querySelector('[data-testid="table-body"]')).opacity) <
        0.6,
    );
    // Faded, the previous answer is still there, and says it is busy.
    await page.getByText(last).first().waitFor();
    await page.locator("table[aria-busy=true]").waitFor();
    await page.waitForFunction(
      (t) =>
        [...document.querySelectorAll('[data-testid="table-row"]')].every((r) =>
          r.textContent.includes(t),
        ),
      title,
    );
    await page.waitForFunction(
      () =>
        Number(getComputedStyle(document.querySelector('[data-testid="table-body"]')).opacity) ===
        1,
    );
    await context.close();
  });

  test("Download CSV holds the rows the table shows", async () => {
    const { context, page } = await newPage(browser(), { acceptDownloads: true });
    const rows = await openVideos(page);
    const title = await firstTitle(rows);
    await page.getByLabel("Search Videos").fill(title);
    await page.waitForURL((url) => url.searchParams.get("q") === title);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    await page.getByRole("menuitem", { name: "CSV" }).click();
    const file = await downloading;
    assert.match(file.suggestedFilename(), /^youtube_videos_.*\.csv$/);
    // Opened as a spreadsheet opens a double-clicked file: headings first, the title exact.
    const [header, ...data] = readSpreadsheet(await file.path());
    assert.deepEqual(header.slice(0, 6), [
      "Video Title",
      "Video ID",
      "Channel",
      "Views",
      "Likes",
      "Comments",
    ]);
    assert.ok(
      data.some((row) => row[0] === title),
      "the CSV holds the searched video",
    );
    await context.close();
  });

  test("an admin deletes a selected channel", async () => {
    // An organisation of its own: the channel is gone afterwards.
    const made = await createOrganization("Tables delete");
    await ingestChannel(made.api, "@bench-5", "AIza-sandbox-tables");
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, made.admin);
    await page.getByRole("tab", { name: "Channels" }).click();
    const bench = page.getByTestId("table-row").filter({ hasText: "Bench 5" });
    await bench.getByRole("checkbox", { name: /^Select Bench 5/ }).check();
    await page.getByRole("button", { name: "Delete Selected (1)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("1 channel(s) deleted").waitFor();
    await bench.waitFor({ state: "detached" });
    await context.close();
  });
});
