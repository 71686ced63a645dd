import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import {
  baseUrl,
  ingestChannel,
  isUncovered,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
  waitForJob,
} from "./support.mjs";

const browser = useBrowser();
/** Screenshots of each layout, for a person to look at (the run prints where). */
const SHOTS = path.join(os.tmpdir(), "crosscast-e2e-screenshots");
mkdirSync(SHOTS, { recursive: true });

// A channel with three months of daily snapshots (YouTube has no history API; the sandbox's
// deterministic timeline fills them in, as a few months of refreshes would), and one show, so the
// Simplecast tab has an overview to show (with no show it offers Add Show instead).
const own = useOrganization("Dashboard UI", async ({ api }) => {
  await api.call("integrations/simplecast/connect", { apiKey: "sandbox-ui-token" });
  const { podcasts } = await api.call("integrations/simplecast/podcasts");
  const { jobId } = await api.call("shows", { podcastIds: [podcasts[0].id] });
  await waitForJob(api, jobId);
  await ingestChannel(api, "@ui-overview", "AIza-sandbox-ui");
  const res = await fetch(
    `${baseUrl()}/dev/backfill-history?days=90&organizationId=${api.organizationId}`,
    { method: "POST" },
  );
  assert.equal(res.status, 200);
});

async function openDashboard(page, query = "") {
  await signInToDashboard(page, own().admin);
  if (query) await page.goto(`${baseUrl()}/dashboard?${query}`);
}

/** Opens the overview's first top video: its title and its detail panel, once it has figures. */
async function openTopVideo(page) {
  const top = page
    .getByRole("region", { name: "Top videos by views gained" })
    .getByRole("listitem")
    .first()
    .getByRole("button");
  const title = (await top.textContent()).trim();
  await top.click();
  const detail = page.getByRole("dialog", { name: title });
  await detail.getByText(/views in this period/).waitFor();
  return { title, detail };
}

/** Asserts the text of `text` (its glyphs, not its box) lies across inside `region`'s visible box. */
async function assertTextInside(text, region) {
  const shown = await region.boundingBox();
  const glyphs = await text.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
  assert.ok(
    glyphs.left >= shown.x && glyphs.right <= shown.x + shown.width,
    `text at ${JSON.stringify(glyphs)}, region ${shown.x}-${shown.x + shown.width}`,
  );
}

describe("dashboard: overview, tables, layouts", () => {
  test("the overview: figures against the previous period, the period in the URL, platforms named apart", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page);
    const views = page.getByTestId("overview-views");
    await views.getByText("Video views").waitFor();
    await views.getByText(/vs the previous 30 days$/).waitFor();
    assert.match(await views.getByTestId("overview-value").textContent(), /^[\d,]+$/);
    await page.getByTestId("overview-subscribers").getByText("Subscribers").waitFor();
    await page.getByTestId("overview-videosPublished").getByText("Videos published").waitFor();
    await page.getByRole("heading", { name: "Top videos by views gained" }).waitFor();
    assert.equal(await page.getByText("Podcast downloads").count(), 0);
    // Its figures come from the channels' refreshes, and it says so: "data refreshed 3 hours
    // ago" stood above a Videos table whose young videos were refreshed an hour ago.
    await page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} · channels refreshed /).waitFor();

    await page.getByLabel("Period").selectOption("7days");
    await page.waitForURL(/period=7days/);
    await views.getByText(/vs the previous 7 days$/).waitFor();
    await page.reload();
    await page
      .getByTestId("overview-views")
      .getByText(/vs the previous 7 days$/)
      .waitFor();

    // A top video opens its detail on the Videos tab, on the overview's period; closing it
    // leaves the period as it was.
    const { title: topTitle, detail } = await openTopVideo(page);
    const opened = new URL(page.url()).searchParams;
    assert.equal(opened.get("tab"), "videos");
    assert.ok(opened.get("detail"), "the detail is in the address");
    assert.equal(opened.get("period"), "7days");
    assert.equal(await detail.getByLabel("Period").inputValue(), "7");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), topTitle);

    // A period the panel has no preset for opens it on the overview's own dates, as Custom.
    const spanLine = page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} ·/);
    const weekSpan = await spanLine.textContent();
    await page.getByLabel("Period").first().selectOption("6months");
    await page.waitForURL(/period=6months/);
    // The new period's figures are in (the old ones stay on screen while they load).
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll("p, span, div")].some(
          (e) =>
            e.childElementCount === 0 &&
            /^\d{4}-\d{2}-\d{2} to /.test(e.textContent) &&
            e.textContent !== before,
        ),
      weekSpan,
    );
    const span = (await spanLine.textContent()).match(/^(\S+) to (\S+)/).slice(1);
    const { detail: detail6 } = await openTopVideo(page);
    assert.equal(await detail6.getByLabel("Period").inputValue(), "custom");
    assert.deepEqual(
      [
        await detail6.getByLabel("From", { exact: true }).inputValue(),
        await detail6.getByLabel("To", { exact: true }).inputValue(),
      ],
      span,
    );
    await page.keyboard.press("Escape");
    await detail6.waitFor({ state: "detached" });
    await page.getByLabel("Period").first().selectOption("7days");
    await page.waitForURL(/period=7days/);

    // The period stays when the platform changes; downloads are never called views.
    await page.getByRole("tab", { name: "Simplecast" }).click();
    await page.waitForURL((url) => url.searchParams.get("platform") === "simplecast");
    assert.equal(new URL(page.url()).searchParams.get("period"), "7days");
    await page.getByRole("heading", { name: "Podcast overview" }).waitFor();
    await page.getByTestId("overview-downloads").getByText("Podcast downloads").waitFor();
    assert.equal(await page.getByText("Video views").count(), 0);
    await page.getByText(/ · shows refreshed /).waitFor();

    // A custom period: two dates, both in the URL.
    await page.getByRole("tab", { name: "YouTube" }).click();
    await page.getByLabel("Period").selectOption("custom");
    // Both dates in one task, before the page re-renders: what a busy machine does to a quick
    // typist (CI lost the first date this way when the second change built on the old period).
    const from = await page.getByLabel("From").elementHandle();
    const to = await page.getByLabel("to", { exact: true }).elementHandle();
    await page.evaluate(
      ([fromInput, toInput]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
        for (const [input, value] of [
          [fromInput, "2026-01-01"],
          [toInput, "2026-01-31"],
        ]) {
          setValue.call(input, value);
          input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      },
      [from, to],
    );
    await page.waitForURL((url) => url.searchParams.get("periodFrom") === "2026-01-01");
    await page.waitForURL((url) => url.searchParams.get("periodTo") === "2026-01-31");
    await page.getByText("2026-01-01 to 2026-01-31", { exact: false }).waitFor();
    // An address whose period ends before it starts says so in place of the cards.
    await page.goto(
      `${baseUrl()}/dashboard?platform=youtube&period=custom&periodFrom=2026-12-01&periodTo=2020-01-01`,
    );
    await page
      .getByRole("alert")
      .filter({ hasText: "The start date must be on or before the end date" })
      .waitFor();
    await context.close();
  });

  test("the published date-range filter: two date inputs, rows inside the range, a chip that clears it", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page, "platform=youtube&tab=videos&sort=publishDate&dir=desc");
    const rows = page.getByTestId("table-row");
    await rows.first().waitFor();
    // Two weeks up to the newest video's day: at least that video stays.
    const iso = (d) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const newest = new Date(await rows.first().locator("td").nth(-2).textContent());
    const to = iso(newest);
    const from = iso(new Date(newest.getTime() - 14 * 86_400_000));
    await page.getByLabel("Published from").fill(from);
    await page.getByLabel("to", { exact: true }).last().fill(to);
    await page.waitForURL(
      (url) =>
        url.searchParams.get("publishedFrom") === from &&
        url.searchParams.get("publishedTo") === to,
    );
    const chip = page.getByRole("button", { name: `Remove filter Published: ${from} to ${to}` });
    await chip.waitFor();
    await page.waitForFunction(() => !document.querySelector("table[aria-busy=true]"));
    const dates = await page
      .locator('[data-testid="table-row"] td:nth-last-child(2)')
      .allTextContents();
    assert.ok(dates.length > 0, "the newest video is inside the range");
    for (const d of dates) {
      const day = new Date(d);
      assert.ok(day >= new Date(`${from}T00:00:00`) && day <= new Date(`${to}T23:59:59`), d);
    }
    await chip.click();
    await page.waitForURL((url) => !url.searchParams.has("publishedFrom"));
    await context.close();
  });

  test("Edit with one row selected: a video opens its side panel; a channel opens what the organisation controls", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page, "platform=youtube&tab=videos");
    const row = page.getByTestId("table-row").first();
    const title = (await row.getByRole("link").first().textContent()).trim();
    assert.equal(await page.getByRole("button", { name: /^Edit/ }).count(), 0);
    await row.getByRole("checkbox", { name: `Select ${title}` }).check();
    const edit = page.getByRole("button", { name: `Edit ${title}` });
    await edit.click();
    const panel = page.getByRole("dialog", { name: title });
    await panel.waitFor();
    // A side panel along the right edge, with the table still beside it.
    const box = await panel.boundingBox();
    assert.ok(box.x > 300 && Math.round(box.x + box.width) === 1280, JSON.stringify(box));
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    // Focus goes back to the button that opened it.
    assert.equal(await edit.evaluate((el) => el === document.activeElement), true);
    // Two rows selected: no Edit.
    await page.getByTestId("table-row").nth(1).getByRole("checkbox").check();
    assert.equal(await page.getByRole("button", { name: /^Edit/ }).count(), 0);

    await page.getByRole("tab", { name: "Channels" }).click();
    // Within the channels table: until it renders, the first row on the page is still a video.
    const channel = page
      .getByRole("region", { name: "Channels table" })
      .getByTestId("table-row")
      .first();
    const name = (await channel.getByRole("link").first().textContent()).trim();
    await channel.getByRole("checkbox", { name: `Select ${name}` }).check();
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await dialog.getByRole("button", { name: "Refresh now" }).click();
    await page.getByText("Channel update initiated").waitFor();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  test("columns: numbers right-aligned, hide a column and resize one, remembered after reload", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page, "platform=youtube&tab=videos");
    await page.getByTestId("table-row").first().waitFor();
    const views = page.locator("thead th").filter({ hasText: "Views" }).first();
    assert.equal(await views.evaluate((el) => getComputedStyle(el).textAlign), "right");
    const cell = page.locator('[data-testid="table-row"] td.text-right').first();
    assert.match(
      await cell.evaluate((el) => getComputedStyle(el).fontVariantNumeric),
      /tabular-nums/,
    );

    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Likes" }).click();
    await page.keyboard.press("Escape");
    await page.locator("thead th").filter({ hasText: "Likes" }).waitFor({ state: "detached" });

    const handle = page.getByRole("separator", { name: "Resize Views column" });
    const before = Number(await handle.getAttribute("aria-valuenow"));
    assert.equal(before, 150);
    await handle.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    assert.equal(Number(await handle.getAttribute("aria-valuenow")), 180);

    // A copy of the rows holds the columns on screen: Likes stays out of it too.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Download" }).click();
    await page.getByRole("menuitem", { name: "Copy to clipboard" }).click();
    await page.getByText("Table data copied to clipboard").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const headings = copied.split("\n")[0].split("\t");
    assert.ok(headings.includes("Views"), headings.join(", "));
    assert.equal(headings.includes("Likes"), false, headings.join(", "));

    await page.reload();
    await page.getByTestId("table-row").first().waitFor();
    assert.equal(await page.locator("thead th").filter({ hasText: "Likes" }).count(), 0);
    assert.equal(
      Number(
        await page
          .getByRole("separator", { name: "Resize Views column" })
          .getAttribute("aria-valuenow"),
      ),
      180,
    );
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitem", { name: "Reset columns and widths" }).click();
    await page.locator("thead th").filter({ hasText: "Likes" }).waitFor();
    await context.close();
  });

  test("an empty table narrower than its card: the text stays inside, nothing scrolls sideways", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    await openDashboard(page, "platform=youtube&tab=channels");
    await page.getByTestId("table-row").first().waitFor();
    // A resized title column gives the table a fixed width, narrower than the card here.
    const handle = page.getByRole("separator", { name: "Resize Channel column" });
    await handle.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await page.getByRole("searchbox").first().fill("zzqqxxnothing");
    const empty = page.getByText("No channels match.");
    await empty.waitFor();
    const region = page.getByRole("region", { name: "Channels table" });
    const { scrollWidth, clientWidth, tableWidth } = await region.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      tableWidth: el.querySelector("table").getBoundingClientRect().width,
    }));
    assert.ok(tableWidth < clientWidth, `the table (${tableWidth} px) fills the card`);
    assert.ok(
      scrollWidth <= clientWidth,
      `the empty table scrolls: ${scrollWidth} > ${clientWidth}`,
    );
    await assertTextInside(empty, region);
    // Nothing matched, so nothing to call fresh: not "Data refreshed never".
    assert.equal((await page.getByTestId("table-freshness").textContent()).trim(), "");
    await context.close();
  });

  test("tabs follow the tabs pattern: one tab stop, arrow keys move and select", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page, "platform=youtube&tab=channels");
    const channels = page.getByRole("tab", { name: "Channels" });
    assert.equal(await channels.getAttribute("tabindex"), "0");
    assert.equal(await page.getByRole("tab", { name: "Videos" }).getAttribute("tabindex"), "-1");
    const panel = await channels.getAttribute("aria-controls");
    assert.equal(await page.locator(`#${panel}`).getAttribute("role"), "tabpanel");
    await channels.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/tab=videos/);
    assert.equal(
      await page
        .getByRole("tab", { name: "Videos" })
        .evaluate((el) => el === document.activeElement),
      true,
    );
    await page.keyboard.press("End");
    await page.waitForURL(/tab=reports/);
    await context.close();
  });

  test("a right-to-left title cut short keeps its first words, the ellipsis at its end", async () => {
    // A phone, where the pinned title is narrower than these titles.
    const { context, page } = await newPage(browser(), { viewport: { width: 390, height: 844 } });
    const term = "חדשות";
    await openDashboard(page, `platform=youtube&tab=videos&q=${encodeURIComponent(term)}`);
    const title = page.getByTestId("table-row").first().getByRole("link");
    await title.waitFor();
    const shown = await title.evaluate((el, word) => {
      const text = el.firstChild;
      const range = document.createRange();
      range.setStart(text, text.data.indexOf(word));
      range.setEnd(text, text.data.indexOf(word) + word.length);
      const glyphs = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return {
        text: text.data,
        cut: el.scrollWidth > el.clientWidth,
        firstWordShown: glyphs.left >= box.left - 1 && glyphs.right <= box.right + 1,
      };
    }, term);
    assert.ok(shown.text.startsWith(term), shown.text);
    assert.ok(shown.cut, `"${shown.text}" fits; the test needs a title cut short`);
    assert.ok(shown.firstWordShown, `the first word of "${shown.text}" is cut off`);
    await context.close();
  });

  test("the dashboard loads without layout shift (CLS below 0.05)", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page);
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (!entry.hadRecentInput) window.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const query of ["platform=youtube&tab=videos", "platform=youtube&tab=channels"]) {
      await page.goto(`${baseUrl()}/dashboard?${query}`);
      await page.getByTestId("table-row").first().waitFor();
      await page.waitForLoadState("networkidle");
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift < 0.05, `CLS ${shift} on ${query}`);
    }
    await context.close();
  });

  test("Shift+Tab up a scrolled table keeps the focus clear of its sticky header row", async () => {
    const { context, page } = await newPage(browser());
    await openDashboard(page, "platform=youtube&tab=videos");
    const rows = page.getByRole("table", { name: "Videos" }).getByTestId("table-row");
    await rows.nth(40).waitFor();
    await rows.nth(30).getByRole("checkbox").focus();
    // Row 30 just under the header: the controls Shift+Tab reaches next are above the view.
    await page.getByRole("region", { name: "Videos table" }).evaluate((el) => {
      el.scrollTop = el.querySelectorAll("tbody tr")[30].offsetTop - 40;
    });
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Shift+Tab");
      const focused = page.locator(":focus");
      const name = await focused.evaluate((el) => el.getAttribute("aria-label") ?? el.textContent);
      assert.ok(await isUncovered(focused), `${name} is under another element`);
    }
    await context.close();
  });

  test("at 375 px a header scrolled back into view stays clear of the pinned title and sorts on tap", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 375, height: 812 } });
    await openDashboard(page, "platform=youtube&tab=videos");
    await page.getByTestId("table-row").first().waitFor();
    // Far right first, then back to the left, as Shift+Tab goes: the browser brings the header in
    // at the region's left edge, where the pinned title used to cover it.
    await page.getByRole("button", { name: /^Last Updated/ }).focus();
    const header = page.getByRole("button", { name: /^Comments/ });
    await header.focus();
    assert.ok(await isUncovered(header), "the focused Comments header is under another element");
    await header.click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "comments");
    await context.close();
  });

  test("on a phone, a cut card title and its explanation open by tap, inside the screen", async () => {
    const { context, page } = await newPage(browser(), {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await openDashboard(page, "platform=simplecast");
    const card = page.getByTestId("overview-newEpisodeDownloads");
    const title = card.getByRole("heading", { name: "First-week downloads per new episode" });
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth);
    assert.ok(cut, "the title fits at 390 px: this test no longer checks a cut title");
    const about = card.getByRole("button", { name: "About First-week downloads per new episode" });
    await about.tap();
    const tip = page.getByRole("tooltip");
    assert.equal(
      await tip.textContent(),
      "First-week downloads per new episode: Average downloads in the first 7 days of the episodes published in the period.",
    );
    assert.equal(await about.getAttribute("aria-describedby"), await tip.getAttribute("id"));
    const box = await tip.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `tooltip at ${box.x}+${box.width}`);
    // A tap elsewhere puts it away; a second tap on the button does too.
    await page.getByRole("heading", { name: "Podcast overview" }).tap();
    await tip.waitFor({ state: "detached" });
    await about.tap();
    await tip.waitFor();
    await about.tap();
    await tip.waitFor({ state: "detached" });
    await context.close();
  });

  test("on a phone, a heading sorts on a tap and explains itself when held", async () => {
    const { context, page } = await newPage(browser(), {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await openDashboard(page, "platform=youtube&tab=channels");
    const heading = page.getByRole("button", { name: "Subscribers", exact: true });
    await heading.tap();
    await page.waitForURL((url) => url.searchParams.get("sort") === "subscriberCount");
    // The tap's focus (which a touch gives after the finger lifts) opens nothing.
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole("tooltip").count(), 0);
    const sorted = page.url();
    // Held down: the explanation, and no sort.
    const box = await heading.boundingBox();
    const touch = await context.newCDPSession(page);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await page.waitForTimeout(800);
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    const tip = page.getByRole("tooltip");
    assert.match(await tip.textContent(), /^YouTube rounds public subscriber counts/);
    await page.waitForTimeout(300);
    assert.equal(page.url(), sorted);
    await tip.waitFor(); // still open once the finger lifted
    await page.getByRole("heading", { name: "Dashboard" }).tap();
    await tip.waitFor({ state: "detached" });
    await context.close();
  });

  for (const [width, height] of [
    [375, 812],
    [768, 1024],
    [1440, 900],
  ]) {
    test(`layout at ${width} px: nothing off screen, the table scrolls inside its card with the title pinned`, async () => {
      const { context, page } = await newPage(browser(), { viewport: { width, height } });
      await openDashboard(page, "platform=youtube&tab=videos");
      await page.getByTestId("table-row").first().waitFor();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
      await page.screenshot({ path: path.join(SHOTS, `dashboard-${width}.png`) });

      const region = page.getByRole("region", { name: "Videos table" });
      const scrollable = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
      const title = page.getByTestId("table-row").first().locator("td").nth(1);
      const left = (await title.boundingBox()).x;
      if (scrollable) {
        await region.evaluate((el) => el.scrollBy(400, 0));
        await page.waitForTimeout(100);
        assert.equal(Math.round((await title.boundingBox()).x), Math.round(left));
      } else assert.ok(width >= 768, "at phone width the videos table scrolls sideways");
      // Beside the pinned checkbox and title there is room for a whole figure column (150 px):
      // on a phone the pinned title once left 42 px, so no number could be read beside it.
      const beside = await region.evaluate((el) => {
        const pinned = [...el.querySelectorAll("tbody tr:first-child td")].filter(
          (td) => getComputedStyle(td).position === "sticky",
        );
        const right = Math.max(...pinned.map((td) => td.getBoundingClientRect().right));
        return el.getBoundingClientRect().left + el.clientLeft + el.clientWidth - right;
      });
      assert.ok(beside >= 150, `${beside} px beside the pinned title`);

      // The header: tabs collapse behind Menu on a phone; the account menu stays on screen.
      if (width < 640) {
        assert.equal(await page.getByRole("link", { name: "Reports" }).count(), 0);
        await page.getByRole("button", { name: "Main menu", exact: true }).click();
        await page.getByRole("link", { name: "Reports" }).waitFor();
        await page.keyboard.press("Escape");
      }
      await page.getByRole("button", { name: "Account menu" }).click();
      for (const name of ["Account Settings", "Theme", "Logout"]) {
        const box = await page.getByRole("menuitem", { name }).boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= width, `${name} at ${JSON.stringify(box)}`);
      }
      await page.screenshot({ path: path.join(SHOTS, `menu-${width}.png`) });
      await page.keyboard.press("Escape");

      // A search that finds nothing: the table's empty text is where the region shows it, not
      // centred across a table wider than a phone (found walking the app at 390 px).
      await page.goto(`${baseUrl()}/dashboard?platform=youtube&tab=videos&q=zzqqxxnothing`);
      const empty = page.getByText("No videos match.");
      await empty.waitFor();
      await assertTextInside(empty, region);
      console.log(`screenshots: ${SHOTS}`);
      await context.close();
    });
  }
});

// An organisation with nothing in it yet: what a new user sees first.
const empty = useOrganization("Dashboard UI, nothing yet");

describe("dashboard: an organisation with no channels or shows", () => {
  test("opening either platform shows the empty state, with no overview flashing up first", async () => {
    const { context, page } = await newPage(browser());
    // Records any overview heading that is ever shown, however briefly: the page renders while
    // the channel or show list is still loading, and a heading shown then and removed later is
    // what a person sees flash up.
    await page.addInitScript(() => {
      window.__overviewsSeen = [];
      const look = () => {
        for (const h of document.querySelectorAll("h2"))
          if (
            /overview$/.test(h.textContent ?? "") &&
            h.checkVisibility({ visibilityProperty: true, opacityProperty: true })
          )
            window.__overviewsSeen.push(h.textContent);
      };
      new MutationObserver(look).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
      });
    });
    // A busy server answers the list after the page's code has arrived (with 100,000 videos D1
    // answers one statement at a time); locally the list often comes first and hides the case.
    await page.route(/\/api\/orgs\/[^/]+\/(channels|shows)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await signInToDashboard(page, empty().admin);
    await page.getByText("No YouTube channels yet.").waitFor();
    await page.goto(`${baseUrl()}/dashboard?platform=simplecast`);
    await page.getByText("No Simplecast shows yet.").waitFor();
    assert.deepEqual(await page.evaluate(() => window.__overviewsSeen), []);
    await context.close();
  });
});

describe("dashboard: left open all day", () => {
  /** Hides the page, then shows it again, as switching to another tab and back does. */
  const leaveAndComeBack = (page) =>
    page.evaluate(() => {
      for (const state of ["hidden", "visible"]) {
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => state,
        });
        document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      }
    });

  test("its freshness labels keep time, and coming back to the tab asks for current data", async () => {
    const { context, page } = await newPage(browser());
    await page.clock.install();
    await openDashboard(page);
    const freshness = page.getByTestId("table-freshness");
    await freshness.getByText(/^Data refreshed (just now|\d+ minutes? ago)$/).waitFor();
    const overview = page.getByText(/ · channels refreshed /);
    await overview.waitFor();
    // Three hours later, with nothing clicked, the labels say so (they said "just now" for ever).
    await page.clock.fastForward("03:00:00");
    await freshness.getByText("Data refreshed 3 hours ago").waitFor();
    assert.match(await overview.innerText(), /channels refreshed (3|\d{2,}) hours ago$/);
    // Coming back to the tab asks for the table and the overview again.
    const table = page.waitForRequest(
      (r) => r.method() === "GET" && new URL(r.url()).pathname.endsWith("/tables/channels"),
    );
    const figures = page.waitForRequest(
      (r) => r.method() === "GET" && new URL(r.url()).pathname.includes("/overview"),
    );
    await leaveAndComeBack(page);
    await Promise.all([table, figures]);
    await context.close();
  });
});
