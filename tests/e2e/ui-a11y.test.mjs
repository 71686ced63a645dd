import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { addPairedContent, newPreview } from "./board-support.mjs";
import {
  baseUrl,
  ingestChannel,
  newPage,
  signIn,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
const axeSource = await readFile(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core on the page as it is now (WCAG 2.1 A and AA rules): the serious and critical
 * violations, each with the first few elements it found, so a failure says what to fix.
 */
async function seriousViolations(page) {
  // Evaluated through the DevTools protocol, so the app's CSP (no inline scripts) does not apply.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      elements: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`),
    }));
}

/** A toast once its entrance has finished, so axe reads its colours at full opacity. */
async function settledToast(page, text) {
  const toast = page.locator("[data-sonner-toast]", { hasText: text }).first();
  await toast.waitFor();
  await page.waitForFunction(
    (el) => el.dataset.mounted === "true" && getComputedStyle(el).opacity === "1",
    await toast.elementHandle(),
  );
}

/** Pages of the signed-in app, each with the thing to wait for before checking it. */
const pages = [
  ["dashboard: channels", "/dashboard", { role: "heading", name: "YouTube overview" }],
  ["dashboard: videos", "/dashboard?platform=youtube&tab=videos", { testId: "table-row" }],
  [
    "dashboard: podcasts",
    "/dashboard?platform=simplecast",
    { role: "heading", name: "Podcast overview" },
  ],
  [
    "dashboard: reports tab",
    "/dashboard?platform=youtube&tab=reports",
    { role: "heading", name: "Dashboard" },
  ],
  ["reports", "/reports", { role: "heading", name: "Reports" }],
  ["reports: multi-channel", "/reports?tab=multi-channel", { role: "heading", name: "Reports" }],
  ["account settings", "/account-settings", { role: "heading", name: "Account Settings" }],
  [
    "organization settings",
    "/organization-settings",
    { role: "heading", name: "Organization Settings" },
  ],
  ["storage", "/admin/storage", { role: "heading", name: "Drive storage" }],
  ["update log", "/update-log", { role: "heading", name: "Update Log" }],
  ["legal", "/legal", { role: "heading", level: 1 }],
  ["privacy", "/privacy", { role: "heading", level: 1 }],
  ["manage cookies", "/manage-cookies", { role: "heading", level: 1 }],
];

const ready = (page, want) =>
  want.testId
    ? page.getByTestId(want.testId).first().waitFor()
    : page.getByRole(want.role, { name: want.name, level: want.level }).first().waitFor();

/** This file's organisation: both platforms, so every page shows its content, and a board. */
let previewId;
const own = useOrganization("Accessibility", async ({ api }) => {
  await ingestChannel(api, "@a11y-checks", "AIza-sandbox-a11y");
  await addPairedContent(api);
  previewId = await newPreview(api, "Accessible board");
});

describe("accessibility: axe-core reports no serious or critical violation", () => {
  for (const theme of ["light", "dark"]) {
    test(`every page, ${theme} theme`, async () => {
      const { context, page } = await newPage(browser(), { colorScheme: theme });
      const found = {};
      // Signed out first: the sign-in screen and its sign-up and reset modes.
      await page.goto(`${baseUrl()}/dashboard`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      found["sign in"] = await seriousViolations(page);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      found["reset request"] = await seriousViolations(page);
      await signIn(page, own().admin.email, own().admin.password);
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      // Toasts on their tinted backgrounds: a success, and (below) an error.
      await settledToast(page, "Welcome back!");
      found["success toast"] = await seriousViolations(page);
      assert.equal(
        await page.evaluate(() => document.documentElement.classList.contains("dark")),
        theme === "dark",
      );
      for (const [name, path, want] of pages) {
        await page.goto(`${baseUrl()}${path}`);
        await ready(page, want);
        // Let lazy chunks and queries settle so the page is checked as people see it.
        await page.waitForLoadState("networkidle");
        found[name] = await seriousViolations(page);
      }
      // Dialogs and panels: the detail side panel, Add Channel, the report dialog, the account menu.
      await page.goto(`${baseUrl()}/dashboard?platform=youtube&tab=videos`);
      await page
        .getByTestId("table-row")
        .first()
        .getByRole("button", { name: /^Details for/ })
        .click();
      await page.getByRole("dialog").getByRole("region", { name: "Pacing" }).waitFor();
      found["detail panel"] = await seriousViolations(page);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Add Channel" }).first().click();
      await page.getByRole("dialog").waitFor();
      found["add channel dialog"] = await seriousViolations(page);
      await page.keyboard.press("Escape");
      await page.goto(`${baseUrl()}/reports`);
      await page.getByRole("button", { name: "New Report" }).first().click();
      await page.getByRole("dialog", { name: "New YouTube Report" }).waitFor();
      found["report dialog"] = await seriousViolations(page);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Account Settings" }).waitFor();
      found["account menu"] = await seriousViolations(page);
      await page.keyboard.press("Escape");
      await page.goto(`${baseUrl()}/reports?tab=multi-channel&preview=${previewId}`);
      await page.getByText(/Live · version/).waitFor();
      found["multi-channel board"] = await seriousViolations(page);
      await page.goto(`${baseUrl()}/account-settings`);
      await page.getByLabel("Current password").fill("not-the-password");
      await page.getByLabel("New password", { exact: true }).fill("another-password-1");
      await page.getByLabel("Confirm new password").fill("another-password-1");
      await page.getByRole("button", { name: "Update Password" }).click();
      await settledToast(page, "Current password is incorrect");
      found["error toast"] = await seriousViolations(page);

      const failing = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
      assert.deepEqual(failing, {}, JSON.stringify(failing, null, 2));
      await context.close();
    });
  }
});

/**
 * Where Tab puts the focus, as a person sees it: a stop with no size (a visually hidden input),
 * out of the window, or beneath something else (the fixed header or footer, a table's sticky
 * headings or pinned title) is a stop the person cannot see (WCAG 2.4.7, 2.4.11).
 */
async function hiddenFocusStops(page, presses) {
  const hidden = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const problem = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      if (box.width <= 1 || box.height <= 1) return `${name} has no size`;
      // A stop taller than the window (a scrolling region) cannot be wholly in view.
      if (box.height < window.innerHeight / 2 && (box.top < 0 || box.bottom > window.innerHeight))
        return `${name} is out of the window (${Math.round(box.top)}-${Math.round(box.bottom)})`;
      const x = Math.min(Math.max(box.x + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.y + box.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit) && !hit.contains(el))
        return `${name} is beneath ${hit.tagName}.${String(hit.className).slice(0, 40)}`;
      return null;
    });
    if (problem && !hidden.includes(problem)) hidden.push(problem);
  }
  return hidden;
}

describe("keyboard focus stays in sight", () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    test(`every Tab stop of every page is visible, in the window and on top, at ${width} px`, async () => {
      const { context, page } = await newPage(browser(), { viewport: { width, height } });
      await signIn(page, own().admin.email, own().admin.password);
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      const found = {};
      for (const [name, path, want] of pages) {
        await page.goto(`${baseUrl()}${path}`);
        await ready(page, want);
        await page.waitForLoadState("networkidle");
        const hidden = await hiddenFocusStops(page, 40);
        if (hidden.length > 0) found[name] = hidden;
      }
      assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
      await context.close();
    });
  }
});

describe("reflow (WCAG 1.4.10)", () => {
  test("no page scrolls sideways at 320 px; wide tables scroll inside their own region", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 320, height: 640 } });
    await signIn(page, own().admin.email, own().admin.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    const sideways = {};
    for (const [name, path, want] of pages) {
      await page.goto(`${baseUrl()}${path}`);
      await ready(page, want);
      await page.waitForLoadState("networkidle");
      const wider = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= width) return null;
        // The elements that stick out, outside any region that scrolls on its own.
        const inRegion = (el) => {
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
            if (getComputedStyle(a).overflowX !== "visible") return true;
          return false;
        };
        return [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !inRegion(el))
          .slice(0, 3)
          .map((el) => `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
      });
      if (wider) sideways[name] = wider;
    }
    assert.deepEqual(sideways, {}, JSON.stringify(sideways, null, 2));
    await context.close();
  });
});

describe("a dialog's choice groups", () => {
  test("Tab stops at each group's chosen option once, also when it wraps, and arrows change the choice", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, own().admin.email, own().admin.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.goto(`${baseUrl()}/reports`);
    await page.getByRole("button", { name: "New Report" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New YouTube Report" });
    await dialog.getByLabel("Recurring").check();
    // Two whole rounds of the dialog's stops, so the wrap from its last stop to its first is in.
    const stops = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return el instanceof HTMLInputElement && el.type === "radio"
            ? `radio ${el.name}=${el.value} ${el.checked ? "chosen" : "not chosen"}`
            : `${el?.tagName} ${(el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim().slice(0, 30)}`;
        }),
      );
    }
    const radios = stops.filter((s) => s.startsWith("radio"));
    assert.ok(radios.length >= 4, stops.join("\n"));
    assert.deepEqual(
      radios.filter((s) => s.endsWith("not chosen")),
      [],
      `Tab stopped on an option that is not chosen:\n${stops.join("\n")}`,
    );
    // One round is the stops up to the first repeat of the first stop; each group appears once in it.
    const round = stops.slice(0, stops.indexOf(stops[0], 1));
    const groups = round.filter((s) => s.startsWith("radio")).map((s) => s.split("=")[0]);
    assert.deepEqual(groups, [...new Set(groups)], round.join("\n"));

    // The arrow keys still move the choice within a group.
    await dialog.getByLabel("Recurring").focus();
    await page.keyboard.press("ArrowUp");
    assert.equal(await dialog.getByLabel("One-time").isChecked(), true);
    await page.keyboard.press("ArrowDown");
    assert.equal(await dialog.getByLabel("Recurring").isChecked(), true);
    await context.close();
  });
});
