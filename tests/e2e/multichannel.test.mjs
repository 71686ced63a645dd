import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  ingestChannel,
  newPage,
  readSpreadsheet,
  signInToDashboard,
  useBrowser,
  useOrganization,
  waitForJob,
} from "./support.mjs";

const browser = useBrowser();
/** This file's organisation: the paired demo channel and podcast, added through the API. */
let channelId;
let showId;
const own = useOrganization("Multichannel", async ({ api }) => {
  await api.call("integrations/simplecast/connect", { apiKey: "sandbox-demo-media-token" });
  const { podcasts } = await api.call("integrations/simplecast/podcasts");
  const podcast = podcasts.find((p) => p.title === "Demo Media Tech Talk");
  const { jobId } = await api.call("shows", { podcastIds: [podcast.id] });
  await ingestChannel(api, "@demomedia-tech", "AIza-sandbox-multichannel");
  await waitForJob(api, jobId);
  channelId = (await api.call("channels")).channels[0].id;
  showId = (await api.call("shows")).shows[0].id;
});

/** A preview made through the API (as the setup dialog would), opened on the board. */
async function openBoard(page, who, title) {
  const { previewId } = await own().api.call("multi-channel/previews", {
    title,
    dateRange: { type: "alltime", range: null },
    selectedChannels: [channelId],
    selectedShows: [showId],
    mergeOptions: {
      mergeVideos: true,
      mergeEpisodes: false,
      videoMergeStrategy: "title",
      episodeMergeStrategy: "none",
    },
  });
  assert.ok(previewId, "the preview was created");
  await signInToDashboard(page, who);
  await page.goto(`${baseUrl()}/reports?tab=multi-channel&preview=${previewId}`);
  const board = page.getByRole("dialog", { name: `${title} - Drag & Drop Preview` });
  await board.getByText(/Live · version/).waitFor();
  return board;
}

/** A real mouse drag (press, move in steps past the 8 px activation distance, release). */
async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe("multi-channel reports", () => {
  test("setup checks the title, then a complete setup offers merging with duplicates found", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.goto(`${baseUrl()}/reports?tab=multi-channel`);
    await page.getByRole("heading", { name: "Multi-Channel Reports" }).waitFor();
    await page.getByRole("button", { name: "New Multi-Channel Report" }).click();
    const setup = page.getByRole("dialog", { name: "Create Multi-Channel Report" });
    await setup.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please enter a report title").waitFor();
    await setup.getByLabel("Title").fill("E2E pairs");
    await setup.getByLabel("Date Range").selectOption("alltime");
    await setup.getByLabel("Search channels").fill("tech");
    await setup
      .getByRole("group", { name: /YouTube Channels/ })
      .getByRole("checkbox", { name: "Demo Media Tech Talk" })
      .check();
    await setup
      .getByRole("group", { name: /Podcast Shows/ })
      .getByRole("checkbox", { name: "Demo Media Tech Talk" })
      .check();
    await setup.getByRole("button", { name: "Continue" }).click();
    const merge = page.getByRole("dialog", { name: "Merge Content Options" });
    await merge.getByText("Total videos").waitFor();
    // Duplicate titles exist in the demo channel, so merging defaults on.
    assert.equal(
      await merge.getByRole("checkbox", { name: /Merge duplicate videos/ }).isChecked(),
      true,
    );
    // Once the figures are in, the keyboard is on Continue to Preview (it was on Close, where a
    // second Enter closed the whole flow).
    const continueToPreview = merge.getByRole("button", { name: "Continue to Preview" });
    await page.waitForFunction(
      () => document.activeElement?.textContent?.trim() === "Continue to Preview",
    );
    assert.equal(await continueToPreview.isVisible(), true);
    await page.keyboard.press("Enter");
    await page
      .getByRole("dialog", { name: "E2E pairs - Drag & Drop Preview" })
      .getByText(/Live · version/)
      .waitFor();
    await page.waitForURL(/preview=/);
    const first = new URL(page.url()).searchParams.get("preview");

    // Back to Merge Options, then Continue with nothing changed: the same board (its pairings,
    // and any colleague on it, stay).
    const board = page.getByRole("dialog", { name: "E2E pairs - Drag & Drop Preview" });
    await board.getByRole("button", { name: "Back to Merge Options" }).click();
    await merge.getByText("Total videos").waitFor();
    assert.equal(await merge.getByRole("note").count(), 0);
    await merge.getByRole("button", { name: "Continue to Preview" }).click();
    await board.getByText(/Live · version/).waitFor();
    assert.equal(new URL(page.url()).searchParams.get("preview"), first);

    // Changed options rebuild the board, said first; the new preview replaces the first, not a
    // second draft.
    await board.getByRole("button", { name: "Back to Merge Options" }).click();
    await merge.getByText("Total videos").waitFor();
    await merge.getByRole("checkbox", { name: /Merge duplicate videos/ }).uncheck();
    await merge
      .getByRole("note")
      .getByText(/the pairings made on it are not kept/)
      .waitFor();
    await merge.getByRole("button", { name: "Continue to Preview" }).click();
    await page.waitForURL((url) => {
      const id = url.searchParams.get("preview");
      return id !== null && id !== first;
    });
    await board.getByText(/Live · version/).waitFor();
    for (let i = 0; ; i++) {
      const { reports } = await own().api.call("multi-channel");
      const drafts = reports.filter((r) => r.title === "E2E pairs");
      if (drafts.length === 1 && drafts[0].id !== first) break;
      if (i > 40) throw new Error(`drafts left: ${JSON.stringify(drafts.map((d) => d.id))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await context.close();
  });

  test("an episode dragged onto a paired row takes the slot, and a colleague sees it live", async () => {
    const { context, page } = await newPage(browser());
    const board = await openBoard(page, own().admin, "E2E drag");
    const previewUrl = page.url();
    const other = await newPage(browser());
    await signInToDashboard(other.page, own().user);
    await other.page.goto(previewUrl);
    const otherBoard = other.page.getByRole("dialog", { name: "E2E drag - Drag & Drop Preview" });
    await otherBoard.getByText(/Live · version/).waitFor();
    await board
      .getByTestId("presence")
      .getByText(new RegExp(`Also here: ${own().user.name}`))
      .waitFor();

    // The first available episode onto the first automatic pair's episode slot: it takes the
    // slot, the row becomes a Manual Match and the old episode returns to the pool. (Not simply
    // the first row: the newest video's episode may not be out yet, and then that row is
    // Unmatched, as it was on 2026-11-28 with a video of the day before.)
    const poolCard = board
      .getByRole("region", { name: "Available Episodes" })
      .getByTestId("episode-card")
      .first();
    const episodeTitle = (await poolCard.locator("p").first().textContent()).trim();
    const available = await board.getByTestId("summary-available-episodes").textContent();
    const targetRow = board.getByTestId("match-row").filter({ hasText: "Auto Match" }).first();
    const rowId = await targetRow.getAttribute("data-row-id");
    const replacedTitle = (
      await targetRow.getByTestId("episode-card").locator("p").first().textContent()
    ).trim();
    await drag(
      page,
      poolCard.getByRole("button", { name: /^Drag episode/ }),
      board.locator(`[data-slot="episode-slot:${rowId}"]`),
    );
    const placed = board.locator(`[data-row-id="${rowId}"]`);
    await placed.getByText(episodeTitle).waitFor();
    await placed.getByText("Manual Match").waitFor();
    await board
      .getByRole("region", { name: "Available Episodes" })
      .getByTestId("episode-card")
      .first()
      .getByText(replacedTitle)
      .waitFor();
    assert.equal(await board.getByTestId("summary-available-episodes").textContent(), available);
    await otherBoard.locator(`[data-row-id="${rowId}"]`).getByText(episodeTitle).waitFor();
    await other.context.close();
    await context.close();
  });

  test("Generate Final Report closes the board and the matches CSV downloads", async () => {
    const { context, page } = await newPage(browser(), { acceptDownloads: true });
    const board = await openBoard(page, own().admin, "E2E final");
    await board.getByRole("button", { name: "Generate Final Report" }).click();
    await page
      .getByText(/Multi-channel report generated successfully! \d+ pieces of content included\./)
      .waitFor();
    await board.waitFor({ state: "detached" });
    const row = page.getByTestId("table-row").filter({ hasText: "E2E final" }).first();
    await row.getByRole("button", { name: "View" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: "Matches CSV" }).click(),
    ]);
    // Saved under the report's own name; read back as a spreadsheet opens it.
    assert.match(download.suggestedFilename(), /^e2e-final_[\d_-]+_multi-channel-matches\.csv$/);
    const lines = readSpreadsheet(await download.path());
    assert.deepEqual(lines[0].slice(0, 5), [
      "Video ID",
      "Video Title",
      "Channel",
      "Video Published",
      "Views",
    ]);
    assert.ok(lines.length > 50, `expected many matched pairs, got ${lines.length - 1}`);
    await context.close();
  });
});
