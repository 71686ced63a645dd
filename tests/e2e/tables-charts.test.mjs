import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  DEMO_ADMIN,
  demoApi,
  ingestChannel,
  newPage,
  signIn,
  useBrowser,
} from "./support.mjs";

const browser = useBrowser();

/** The demo tech channel (same-title re-uploads every 25th video), then its history backfilled. */
async function addChannelWithHistory() {
  await ingestChannel(await demoApi(), "@demomedia-tech", "AIza-sandbox-dashboard");
  await fetch(`${baseUrl()}/dev/backfill-history`, { method: "POST" });
}

describe("dashboard charts and merging", () => {
  test("merge and unmerge duplicate videos, then open a video's detail panel with its charts", async () => {
    await addChannelWithHistory();
    const { context, page } = await newPage(browser());
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Videos" }).click();
    await page.getByTestId("table-row").first().waitFor();
    await page
      .getByTestId("table-freshness")
      .getByText(/Data refreshed (just now|\d+ minutes? ago)/)
      .waitFor();

    const total = Number(
      (await page.getByText(/[\d,]+ rows · page/).textContent())
        .match(/^([\d,]+)/)[1]
        .replace(/,/g, ""),
    );
    await page.getByRole("button", { name: "Merge Same" }).click();
    const toast = page.getByText(/^Merged \d+ duplicate videos\. Showing \d+ of \d+ videos\.$/);
    await toast.waitFor();
    const [, n, m, k] = (await toast.textContent())
      .match(/Merged (\d+) duplicate videos\. Showing (\d+) of (\d+) videos\./)
      .map(Number);
    assert.equal(k, total);
    assert.equal(n + m, k);
    await page.waitForURL(/merge=1/);
    await page.getByText(new RegExp(`^${m.toLocaleString("en-US")} rows · page`)).waitFor();
    await page
      .getByText(/^×\d+$/)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Unmerge" }).click();
    await page.getByText("Showing all individual videos.").waitFor();
    await page.getByText(new RegExp(`^${total.toLocaleString("en-US")} rows · page`)).waitFor();

    // Sort by publish date so the first row is a recent video with history, then open its panel.
    const row = page.getByTestId("table-row").nth(3);
    const title = (await row.getByRole("link").first().textContent()).trim();
    await row.getByRole("button", { name: `Details for ${title}` }).click();
    const panel = page.getByRole("dialog", { name: title });
    await panel.getByText(/views in this period/).waitFor();
    await panel.getByTestId("chart").locator("canvas").first().waitFor();
    await panel.getByText(/vs the previous 30 days/).waitFor();
    await panel
      .getByRole("region", { name: "Pacing" })
      .getByTestId("chart")
      .locator("canvas")
      .waitFor();
    await page.waitForURL(/detail=/);
    // Another period: the summary follows.
    await panel.getByLabel("Period").selectOption("7");
    await panel.getByText(/vs the previous 7 days/).waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await context.close();
  });
});
