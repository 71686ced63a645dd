import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addPairedContent, newPreview } from "./board-support.mjs";
import { baseUrl, newPage, signInToDashboard, useBrowser, useOrganization } from "./support.mjs";

const browser = useBrowser();
const own = useOrganization("Board UI", ({ api }) => addPairedContent(api));

async function openBoard(page, title) {
  const previewId = await newPreview(own().api, title);
  await signInToDashboard(page, own().admin);
  await page.goto(`${baseUrl()}/reports?tab=multi-channel&preview=${previewId}`);
  const board = page.getByRole("dialog", { name: `${title} - Drag & Drop Preview` });
  await board.getByText(/Live · version/).waitFor();
  return board;
}

const liveRegion = (page) => page.locator('[id^="DndLiveRegion"]');
/** Waits until dnd-kit's (visually hidden) live region says something matching `pattern`. */
async function announced(page, pattern) {
  const source =
    pattern instanceof RegExp ? pattern.source : pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page.waitForFunction(
    (re) => new RegExp(re).test(document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? ""),
    source,
  );
  return liveRegion(page).textContent();
}
const rowConfidence = async (row) =>
  (await row.getByTestId("row-confidence").count())
    ? (await row.getByTestId("row-confidence").textContent()).trim()
    : null;

describe("the multi-channel board on a phone and from the keyboard", () => {
  test("at 375 px: one column of full-width cards, tap to pick up and tap to place; a swap recomputes confidence", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 375, height: 812 } });
    const board = await openBoard(page, "Phone board");
    const pool = board.getByRole("region", { name: "Available Episodes" });
    const card = pool.getByTestId("episode-card").first();
    await card.waitFor();
    // Cards take the phone's width (they were 62 px wide, with one-letter titles).
    assert.ok((await card.boundingBox()).width > 250);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 0, `${overflow} px off screen`);

    const title = (await card.locator("p").first().textContent()).trim();
    await card.getByRole("button", { name: `Pick up episode ${title}` }).click();
    await board.getByText(`Moving ${title}: tap Place here on a slot.`).waitFor();
    await board.getByRole("button", { name: `Place ${title} in row 1`, exact: true }).click();
    const first = board.getByTestId("match-row").first();
    await first.getByText(title).waitFor();
    await first.getByText("Manual Match").waitFor();

    // Swap the videos of rows 1 and 2: both rows' confidence is that of their new pairs.
    const second = board.getByTestId("match-row").nth(1);
    const video = (await first.getByTestId("video-card").locator("p").first().textContent()).trim();
    await first.getByRole("button", { name: `Pick up video ${video}` }).click();
    await board.getByRole("button", { name: `Place ${video} in row 2`, exact: true }).click();
    await second.getByText(video).waitFor();
    await page.waitForTimeout(500);
    const previewId = new URL(page.url()).searchParams.get("preview");
    const saved = await own().api.call(`multi-channel/previews/${previewId}`);
    const rows = saved.arrangement.rows;
    for (const [index, row] of [
      [0, first],
      [1, second],
    ]) {
      const stored = rows[index];
      assert.equal(stored.userModified, true);
      const shown = await rowConfidence(row);
      if (stored.videoId && stored.episodeId) {
        assert.notEqual(stored.matchConfidence, null, "a pair placed by hand has a confidence");
        assert.equal(shown, `${Math.round(stored.matchConfidence * 100)}%`);
      } else assert.equal(shown, null);
    }
    await page.screenshot({ path: "/tmp/crosscast-e2e-screenshots/board-375.png" });
    await context.close();
  });

  test("a lost connection holds the cards still and says so, until the board is live again", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
    // The board's socket passes through the test, which can cut it and refuse new ones.
    let offline = false;
    let current;
    await page.routeWebSocket(/\/api\/.*\/socket/, (ws) => {
      if (offline) return ws.close({ code: 1011, reason: "offline" });
      current = { page: ws, server: ws.connectToServer() };
    });
    const board = await openBoard(page, "Offline board");
    const card = board
      .getByRole("region", { name: "Available Episodes" })
      .getByTestId("episode-card")
      .first();
    const title = (await card.locator("p").first().textContent()).trim();
    const handle = card.getByRole("button", { name: `Drag episode ${title}` });
    const pickUp = card.getByRole("button", { name: `Pick up episode ${title}` });
    assert.equal(await handle.isEnabled(), true);
    // The keyboard is on the card's Pick up when the connection drops.
    await pickUp.focus();

    offline = true;
    await current.page.close({ code: 1011, reason: "offline" });
    await current.server.close();
    await board.getByText("Connection lost. Reconnecting...").waitFor();
    await board.getByText("Reconnecting...", { exact: true }).waitFor();
    // Pick up went, and the focus with it: it is on the line that says why, not the page's body.
    await page.waitForFunction(() =>
      document.activeElement?.textContent?.startsWith("Connection lost. Reconnecting..."),
    );
    // Nothing to drag or pick up: a drop would have gone nowhere and snapped back unexplained.
    assert.equal(await handle.isDisabled(), true);
    assert.equal(await pickUp.count(), 0);

    offline = false;
    await board.getByText(/Live · version/).waitFor({ timeout: 20_000 });
    await board.getByText("Connection lost. Reconnecting...").waitFor({ state: "detached" });
    assert.equal(await handle.isEnabled(), true);
    await pickUp.click();
    await board.getByText(`Moving ${title}: tap Place here on a slot.`).waitFor();
    await board.getByRole("button", { name: `Place ${title} in row 1`, exact: true }).click();
    await board.getByTestId("match-row").first().getByText(title).waitFor();
    await context.close();
  });

  test("keyboard: arrows jump from slot to slot, and announcements name titles and rows", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
    const board = await openBoard(page, "Keyboard board");
    const card = board
      .getByRole("region", { name: "Available Episodes" })
      .getByTestId("episode-card")
      .first();
    const title = (await card.locator("p").first().textContent()).trim();
    await card.getByRole("button", { name: `Drag episode ${title}` }).focus();
    await page.keyboard.press("Space");
    // "Picked up ..." is followed at once by where it is: "... is over the Available Episodes list."
    await announced(page, `episode ${title} is over the Available Episodes list.`);
    await page.keyboard.press("ArrowRight");
    const over = await announced(page, /is over the episode slot of row \d+ of \d+\./);
    const row = Number(/row (\d+) of/.exec(over)[1]);
    await page.keyboard.press("ArrowDown");
    await announced(page, `episode ${title} is over the episode slot of row ${row + 1} of`);
    await page.keyboard.press("Space");
    await announced(page, `Dropped episode ${title} on the episode slot of row ${row + 1}`);
    await board.getByTestId("match-row").nth(row).getByText(title).waitFor();
    assert.doesNotMatch(await liveRegion(page).textContent(), /episode:|slot:row-/);

    // Escape cancels a drag, as the instructions say, and puts a picked-up card down: the board
    // stays open both times; a third Escape, with nothing in hand, closes it.
    const pool = board.getByRole("region", { name: "Available Episodes" });
    // The pool as the room confirmed the drop (a re-render would take the focus from a handle).
    await pool.getByText(title, { exact: true }).waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    const next = pool.getByTestId("episode-card").first();
    const nextTitle = (await next.locator("p").first().textContent()).trim();
    await next.getByRole("button", { name: `Drag episode ${nextTitle}` }).focus();
    await page.keyboard.press("Space");
    await announced(page, `episode ${nextTitle} is over the Available Episodes list.`);
    await page.keyboard.press("ArrowRight");
    await announced(page, /is over the episode slot of row \d+ of \d+\./);
    await page.keyboard.press("Escape");
    await announced(page, `Cancelled: episode ${nextTitle} is back where it was.`);
    assert.ok(await board.isVisible());
    await next.getByRole("button", { name: `Pick up episode ${nextTitle}` }).click();
    await board.getByText(`Moving ${nextTitle}: tap Place here on a slot.`).waitFor();
    await page.keyboard.press("Escape");
    await board
      .getByText(`Moving ${nextTitle}: tap Place here on a slot.`)
      .waitFor({ state: "hidden" });
    assert.ok(await board.isVisible());
    assert.ok(new URL(page.url()).searchParams.get("preview"));
    await page.keyboard.press("Escape");
    await board.waitFor({ state: "hidden" });
    // Opened from a link, the board had no opener to give focus back to: the tab's own button
    // takes it (it fell to the page's body).
    await page.waitForFunction(
      () => document.activeElement?.textContent?.trim() === "New Multi-Channel Report",
    );
    await context.close();
  });

  test("a title of one long word wraps inside the board instead of pushing it sideways", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
    const board = await openBoard(page, `Q4-${"x".repeat(190)}`);
    const overflow = await board.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `the board scrolls ${overflow} px sideways`);
    await context.close();
  });

  test("a link to a preview that no longer exists says so instead of loading for ever", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().admin);
    await page.goto(
      `${baseUrl()}/reports?tab=multi-channel&preview=00000000-0000-4000-8000-000000000000`,
    );
    await page
      .getByRole("dialog")
      .getByRole("alert")
      .getByText("This preview was deleted.")
      .waitFor();
    assert.equal(await page.getByText("Loading preview").count(), 0);
    await context.close();
  });

  test("rows narrow to a badge or a search, and a row just paired stays in view", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 900 } });
    const board = await openBoard(page, "Filtered board");
    const heading = board.getByRole("heading", { name: /^Content Matching \(/ });
    // As shown ("3,969" on a long board) and as a number.
    const shownTotal = /\(([\d,]+) rows\)/.exec(await heading.textContent())[1];
    const total = Number(shownTotal.replaceAll(",", ""));
    const rows = board.getByTestId("match-row");

    await board.getByLabel("Show rows").selectOption("unmatched");
    await board.getByRole("heading", { name: new RegExp(`of ${shownTotal} rows\\)$`) }).waitFor();
    const unmatched = Number(
      /\(([\d,]+) of/.exec(await heading.textContent())[1].replaceAll(",", ""),
    );
    assert.ok(unmatched > 0 && unmatched < total, `${unmatched} unmatched of ${total}`);
    for (const text of await rows.allInnerTexts()) assert.match(text, /Unmatched/);

    // An episode placed on the first unmatched row: the row is a Manual Match now, still shown.
    const card = board
      .getByRole("region", { name: "Available Episodes" })
      .getByTestId("episode-card")
      .first();
    const title = (await card.locator("p").first().textContent()).trim();
    await card.getByRole("button", { name: `Pick up episode ${title}` }).click();
    await rows
      .first()
      .getByRole("button", { name: /^Place .* in row \d+$/ })
      .last()
      .click();
    await rows.first().getByText("Manual Match").waitFor();
    await rows.first().getByText(title).waitFor();

    // Manual Match, then a search by the episode's title, without its accents or case.
    await board.getByLabel("Show rows").selectOption("manual");
    await rows.first().getByText(title).waitFor();
    const word = title
      .split(/\s+/)
      .find((w) => w.length > 3)
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toUpperCase();
    await board.getByLabel("Search rows").fill(word);
    await rows.first().getByText(title).waitFor();
    await board.getByLabel("Search rows").fill("no row has this zzqx");
    await board.getByText("No rows match.").waitFor();
    assert.equal(await rows.count(), 0);
    await board.getByRole("button", { name: "Show all rows" }).click();
    await board.getByRole("heading", { name: `Content Matching (${shownTotal} rows)` }).waitFor();
    assert.equal(await board.getByLabel("Search rows").inputValue(), "");
    await context.close();
  });
});

describe("organization: Edit Member", () => {
  test("an admin renames a member in this organisation and cannot replace their picture", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().admin);
    await page.goto(`${baseUrl()}/organization-settings`);
    await page.getByRole("button", { name: `Edit ${own().user.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Member" });
    await dialog
      .getByText("Their own name and picture are theirs to change in their Account Settings.")
      .waitFor();
    // Issue #14: an organisation's admin no longer replaces a person's picture.
    assert.equal(await dialog.locator('input[type="file"]').count(), 0);
    const alias = `Alias ${Date.now().toString(36)}`;
    await dialog.getByLabel("Name in this organization").fill(alias);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Member updated successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: alias }).first().waitFor();
    await context.close();
  });
});
