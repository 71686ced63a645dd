import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  ingestChannel,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
/** This file's organisation: the demo tech channel (same-title re-uploads every 25th video). */
const own = useOrganization("Charts", async (made) => {
  await ingestChannel(made.api, "@demomedia-tech", "AIza-sandbox-dashboard");
  const backfill = await fetch(
    `${baseUrl()}/dev/backfill-history?organizationId=${made.organization.id}`,
    { method: "POST" },
  );
  assert.equal(backfill.status, 200);
});

/** Opens the Videos tab and waits for its own rows (not the Channels tab's, still there a moment). */
async function openVideos(page) {
  await signInToDashboard(page, own().user);
  await page.getByRole("tab", { name: "Videos" }).click();
  await page.getByRole("table", { name: "Videos" }).getByTestId("table-row").first().waitFor();
}

const rowTotal = async (page) =>
  Number(
    (await page.getByText(/[\d,]+ rows · page/).textContent())
      .match(/^([\d,]+)/)[1]
      .replace(/,/g, ""),
  );

/** Opens the detail panel of the first video by publish date (`asc`: the oldest; `desc`: the newest). */
async function openFirstVideoDetails(page, dir) {
  await page.goto(`${baseUrl()}/dashboard?platform=youtube&tab=videos&sort=publishDate&dir=${dir}`);
  const row = page.getByRole("table", { name: "Videos" }).getByTestId("table-row").first();
  const title = (await row.getByRole("link").first().textContent()).trim();
  await row.getByRole("button", { name: `Details for ${title}` }).click();
  return page.getByRole("dialog", { name: title });
}

describe("dashboard charts and merging", () => {
  test("Merge Same folds duplicate videos and says how many; Unmerge shows them all again", async () => {
    const { context, page } = await newPage(browser());
    await openVideos(page);
    await page
      .getByTestId("table-freshness")
      .getByText(/Data refreshed (just now|\d+ minutes? ago)/)
      .waitFor();
    const total = await rowTotal(page);
    await page.getByRole("button", { name: "Merge Same" }).click();
    const toast = page.getByText(/^Merged \d+ duplicate videos\. Showing \d+ of \d+ videos\.$/);
    await toast.waitFor();
    const [, n, m, k] = (await toast.textContent())
      .match(/Merged (\d+) duplicate videos\. Showing (\d+) of (\d+) videos\./)
      .map(Number);
    assert.equal(k, total);
    assert.equal(n + m, k);
    assert.ok(n > 0, "the demo channel has same-title re-uploads");
    await page.waitForURL(/merge=1/);
    await page.getByText(new RegExp(`^${m.toLocaleString("en-US")} rows · page`)).waitFor();
    await page
      .getByText(/^×\d+$/)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Unmerge" }).click();
    await page.getByText("Showing all individual videos.").waitFor();
    await page.getByText(new RegExp(`^${total.toLocaleString("en-US")} rows · page`)).waitFor();
    await context.close();
  });

  test("a video's detail panel shows its daily and pacing charts and follows the period", async () => {
    const { context, page } = await newPage(browser());
    await openVideos(page);
    // The oldest video: it has views in the period before too, so the panel compares the two
    // (a video newer than that period says there is no earlier data instead).
    const panel = await openFirstVideoDetails(page, "asc");
    await panel.getByText(/views in this period/).waitFor();
    await panel.getByTestId("chart").locator("canvas").first().waitFor();
    await panel.getByText(/vs the previous 30 days/).waitFor();
    await panel
      .getByRole("region", { name: "Pacing" })
      .getByTestId("chart")
      .locator("canvas")
      .waitFor();
    await page.waitForURL(/detail=/);
    await panel.getByLabel("Period").selectOption("7");
    await panel.getByText(/vs the previous 7 days/).waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await context.close();
  });

  test("a video's first day, with no day beside it, is drawn on its chart", async () => {
    const { context, page } = await newPage(browser());
    await openVideos(page);
    // The newest video: its one day of views has no neighbour to draw a line to.
    const panel = await openFirstVideoDetails(page, "desc");
    const views = Number(
      (await panel.getByText(/views in this period/).textContent())
        .match(/^([\d,]+)/)[1]
        .replace(/,/g, ""),
    );
    assert.ok(views > 0, "the newest video has views in the period");
    const canvas = panel.getByTestId("chart").locator("canvas").first();
    await canvas.waitFor();
    // Pixels in the daily views' colour (#6366f1): none at all when a lone day drew nothing.
    const drawn = await canvas.evaluate((el) => {
      const { data } = el.getContext("2d").getImageData(0, 0, el.width, el.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (
          Math.abs(data[i] - 99) < 24 &&
          Math.abs(data[i + 1] - 102) < 24 &&
          Math.abs(data[i + 2] - 241) < 24
        )
          count++;
      return count;
    });
    assert.ok(drawn > 0, `${views} views in the period, and nothing drawn on the chart`);
    await context.close();
  });
});
