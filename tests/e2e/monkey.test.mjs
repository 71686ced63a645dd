import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { watchForCrashes } from "./crash-watch.mjs";
import { seededRandom } from "./seeded-random.mjs";
import {
  baseUrl,
  ingestChannel,
  newPage,
  signInToDashboard,
  TINY_PNG,
  useBrowser,
  useOrganization,
  waitForJob,
} from "./support.mjs";

/*
 * A random walk through the app (issue #21): sign in, click visible controls at random, type into
 * boxes, move a fake clock forward by minutes, switch between phone and desktop widths, go back,
 * reload, and fail on any uncaught error, console error, 5xx answer or error screen. Seeds make a
 * failing walk repeatable: the failure names its seed and the steps that led to it.
 * CI walks MONKEY_SEEDS (default 1,2) for MONKEY_SECONDS each (default 90); on demand:
 * `npm run test:monkey -- --minutes 30 --seeds 1,2,3,4,5`.
 */
const SEEDS = (process.env.MONKEY_SEEDS ?? "1,2").split(",").map(Number);
const SECONDS = Number(process.env.MONKEY_SECONDS ?? 90);

const browser = useBrowser();
// The walk's own organisation, with a channel and two shows: whatever the walk creates or
// changes touches no other test's rows.
const own = useOrganization("Monkey", async ({ api }) => {
  await api.call("integrations/simplecast/connect", { apiKey: "sandbox-monkey-token" });
  const { podcasts } = await api.call("integrations/simplecast/podcasts");
  const { jobId } = await api.call("shows", { podcastIds: podcasts.slice(0, 2).map((p) => p.id) });
  await ingestChannel(api, "@monkey-channel", "AIza-sandbox-monkey");
  await waitForJob(api, jobId);
});

/** Controls the walk never uses: they end the session or delete what the walk walks through. */
const DESTRUCTIVE = /delete|remove|log ?out|sign ?out|disconnect|reset password|save api keys/i;
const TEXTS = ["demo", "café", "CAFÉ", "🎧 ep", "ر", 'a,b"c', "", "   ", "1000", "zzzz-nothing"];
const ROUTES = [
  "/dashboard",
  "/dashboard?platform=simplecast",
  "/reports",
  "/reports?tab=multi-channel",
  "/account-settings",
  "/organization-settings",
  "/admin/storage",
  "/update-log",
  "/no-such-page",
];
const SIZES = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/**
 * Marks the controls a person could use right now (visible, enabled, inside the open dialog if
 * there is one) and describes them; the walk then acts on one by its mark.
 */
const markCandidates = () => {
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
  const scope = dialogs.at(-1) ?? document;
  const selector = [
    "button",
    "a[href]",
    '[role="tab"]',
    '[role="menuitem"]',
    '[role="menuitemradio"]',
    '[role="option"]',
    '[role="checkbox"]',
    "select",
    'input:not([type="hidden"])',
    "textarea",
  ].join(",");
  const found = [];
  for (const el of scope.querySelectorAll(selector)) {
    const rect = el.getBoundingClientRect();
    const visible = rect.width > 0 && rect.height > 0 && el.checkVisibility?.() !== false;
    const disabled = el.disabled || el.getAttribute("aria-disabled") === "true";
    if (!visible || disabled) continue;
    const href = el.getAttribute("href");
    if (href && /^https?:/.test(href) && new URL(href).origin !== location.origin) continue;
    const id = String(found.length);
    el.setAttribute("data-monkey", id);
    found.push({
      id,
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute("type") ?? "",
      name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60),
    });
  }
  return found;
};

async function act(page, rng, steps) {
  const roll = rng.next();
  if (roll < 0.08) {
    const minutes = 1 + rng.int(20);
    steps.push(`clock +${minutes} min`);
    return page.clock.fastForward(minutes * 60_000);
  }
  if (roll < 0.13) {
    const size = rng.pick(SIZES);
    steps.push(`resize ${size.width}x${size.height}`);
    return page.setViewportSize(size);
  }
  if (roll < 0.17) {
    steps.push("Escape");
    return page.keyboard.press("Escape");
  }
  if (roll < 0.2) {
    steps.push("back");
    return page.goBack({ timeout: 5_000 }).catch(() => undefined);
  }
  if (roll < 0.23) {
    const route = rng.pick(ROUTES);
    steps.push(`go to ${route}`);
    return page.goto(`${baseUrl()}${route}`);
  }
  if (roll < 0.24) {
    steps.push("reload");
    return page.reload();
  }
  const candidates = (await page.evaluate(markCandidates)).filter((c) => !DESTRUCTIVE.test(c.name));
  if (candidates.length === 0) return steps.push("nothing to click");
  const target = rng.pick(candidates);
  const control = page.locator(`[data-monkey="${target.id}"]`);
  const label = `${target.tag}${target.type ? `[${target.type}]` : ""} "${target.name}"`;
  if (target.tag === "select") {
    const options = await control.locator("option").evaluateAll((os) => os.map((o) => o.value));
    const value = rng.pick(options);
    steps.push(`select ${label} = ${value}`);
    return control.selectOption(value, { timeout: 2_000 });
  }
  if (
    target.tag === "textarea" ||
    (target.tag === "input" &&
      /^(|text|search|email|url|tel|password|number|date)$/.test(target.type))
  ) {
    const text =
      target.type === "date"
        ? `2026-${String(1 + rng.int(12)).padStart(2, "0")}-1${rng.int(9)}`
        : rng.pick(TEXTS);
    steps.push(`type ${label} "${text}"`);
    return control.fill(text, { timeout: 2_000 });
  }
  steps.push(`click ${label}`);
  return control.click({ timeout: 2_000 });
}

async function walk(seed, who) {
  const rng = seededRandom(seed);
  const { context, page } = await newPage(browser(), { acceptDownloads: true });
  await page.clock.install();
  // Links that open another tab, and file pickers, are answered so the walk never stalls.
  context.on("page", (popup) => void popup.close());
  page.on(
    "filechooser",
    (chooser) =>
      void chooser
        .setFiles({ name: "tiny.png", mimeType: "image/png", buffer: TINY_PNG })
        .catch(() => undefined),
  );
  page.on("dialog", (dialog) => void dialog.dismiss());
  const watch = watchForCrashes(page);
  await signInToDashboard(page, who);
  const steps = [];
  const deadline = Date.now() + SECONDS * 1000;
  while (Date.now() < deadline) {
    try {
      await act(page, rng, steps);
    } catch (error) {
      // A control that moved or closed before the click is part of clicking around, not a crash.
      steps.push(`  (skipped: ${String(error.message).split("\n")[0].slice(0, 80)})`);
    }
    await page.waitForTimeout(150);
    const problems = await watch.check();
    if (problems.length) {
      const dir = path.join(os.tmpdir(), "crosscast-monkey");
      mkdirSync(dir, { recursive: true });
      const shot = path.join(dir, `seed-${seed}-${who.email.split("@")[0]}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      assert.fail(
        `seed ${seed} (${who.email}) failed after ${steps.length} steps at ${page.url()}:\n` +
          `${problems.join("\n")}\nlast steps:\n${steps.slice(-25).join("\n")}\nscreenshot: ${shot}`,
      );
    }
  }
  await context.close();
  return steps.length;
}

describe("random walk (issue #21)", () => {
  for (const seed of SEEDS) {
    // Odd seeds walk as the organisation's admin, even seeds as its standard user.
    const role = seed % 2 === 1 ? "admin" : "user";
    test(`seed ${seed} as the ${role === "admin" ? "admin" : "standard user"}: ${SECONDS} s without a crash`, async () => {
      const steps = await walk(seed, own()[role]);
      console.log(`monkey: seed ${seed} (${role}) took ${steps} steps without a crash`);
      assert.ok(steps > 10);
    });
  }
});
