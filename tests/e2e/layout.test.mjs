import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  isUncovered,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
const own = useOrganization("Layout");

const isDark = (page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Opens the avatar menu's Theme submenu (keyboard, as a user without a mouse would). */
async function openThemeMenu(page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Theme" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.getByRole("menuitemradio", { name: "System" }).waitFor();
}

describe("signed-in layout", () => {
  test("the header tabs mark the current page, at / as well as /dashboard", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = (name) => nav.getByRole("link", { name }).getAttribute("aria-current");
    assert.equal(await current("Dashboard"), "page");
    assert.equal(await current("Reports"), null);

    await page.goto(`${baseUrl()}/`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    assert.equal(await current("Dashboard"), "page");

    await nav.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    assert.equal(await current("Reports"), "page");
    assert.equal(await current("Dashboard"), null);
    await context.close();
  });

  test("the Theme menu checks the current choice, which persists across reload", async () => {
    const { context, page } = await newPage(browser(), { colorScheme: "light" });
    await signInToDashboard(page, own().user);
    await openThemeMenu(page);
    assert.equal(
      await page.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked"),
      "true",
    );
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    assert.equal(await page.evaluate(() => localStorage.getItem("crosscast-theme")), "dark");

    await page.reload();
    // theme-init.js has applied it before the app (or the session) has loaded.
    assert.equal(await isDark(page), true);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await openThemeMenu(page);
    assert.equal(
      await page.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked"),
      "true",
    );
    assert.equal(
      await page.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked"),
      "false",
    );
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    assert.equal(await page.evaluate(() => localStorage.getItem("crosscast-theme")), "light");
    await context.close();
  });

  for (const [width, height] of [
    [390, 844],
    [820, 1180],
    [1280, 800],
  ]) {
    test(`at ${width} px the Theme submenu opens wholly on screen`, async () => {
      const { context, page } = await newPage(browser(), { viewport: { width, height } });
      await signInToDashboard(page, own().user);
      await openThemeMenu(page);
      const box = await page
        .getByRole("menu")
        .filter({ has: page.getByRole("menuitemradio") })
        .boundingBox();
      assert.ok(
        box.x >= 0 && box.x + box.width <= width,
        `submenu at x ${box.x}-${box.x + box.width} of ${width}`,
      );
      // The row that opened it is still readable beside or above it.
      assert.equal(
        await isUncovered(page.getByRole("menuitem", { name: "Theme" }).getByText("Theme")),
        true,
      );
      for (const name of ["Light", "Dark", "System"])
        assert.equal(await isUncovered(page.getByRole("menuitemradio", { name })), true, name);
      await context.close();
    });
  }

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    test(`at ${width} px a toast leaves the header's menus free to use`, async () => {
      const { context, page } = await newPage(browser(), { viewport: { width, height } });
      await signInToDashboard(page, own().user);
      const toast = page.getByText("Welcome back!");
      await toast.waitFor();
      // Below the header once it has slid in (sonner animates it from above for 400 ms).
      await page.waitForFunction(
        () => {
          const header = document.querySelector("header").getBoundingClientRect();
          const shown = document.querySelector("[data-sonner-toast]")?.getBoundingClientRect();
          return shown !== undefined && shown.top >= header.bottom;
        },
        null,
        { timeout: 3_000 },
      );
      // The buttons the toast used to cover answer a click while it is still up.
      // So do the page's own buttons beneath it: a confirmation lets clicks through.
      const menus = width < 640 ? ["Main menu", "Account menu"] : ["Account menu"];
      for (const name of [...menus, "Refresh", "Add Channel", "New Report"]) {
        const onTop = await isUncovered(page.getByRole("button", { name, exact: true }).first());
        assert.ok(onTop, `${name} is covered by the toast`);
      }
      await page.getByRole("button", { name: "Account menu" }).click();
      // The menu a person has just opened sits above the toast: its items were under it, and
      // the pointer resting on the toast kept it up (sonner pauses while hovered).
      for (const name of ["Account Settings", "Logout"]) {
        const item = page.getByRole("menuitem", { name });
        await item.waitFor();
        assert.ok(await isUncovered(item), `${name} is covered by the toast`);
      }
      assert.equal(await toast.isVisible(), true, "the toast went before the menu was tried");
      await context.close();
    });
  }

  test("an error toast over the page's buttons lets them be used, and closes from its button", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1280, height: 800 } });
    await signInToDashboard(page, own().user);
    // A read that fails puts its error top right, over the buttons a person tries next.
    await page.route(
      (url) => url.pathname.endsWith("/reports"),
      (route) =>
        route.request().method() === "GET"
          ? route.fulfill({ status: 503, json: { error: "Service unavailable" } })
          : route.fallback(),
    );
    await page.getByRole("link", { name: "Reports", exact: true }).first().click();
    const error = page.locator('[data-sonner-toast][data-type="error"]');
    await error.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-sonner-toast][data-type="error"]')?.dataset.mounted ===
        "true",
    );
    // Every page button the toast lies over, and whether a click at the middle of the part the
    // toast covers reaches the button.
    const beneath = await error.evaluate((toast) => {
      const box = toast.getBoundingClientRect();
      return [...document.querySelectorAll("main button")].flatMap((button) => {
        const r = button.getBoundingClientRect();
        const left = Math.max(r.left, box.left);
        const right = Math.min(r.right, box.right);
        const top = Math.max(r.top, box.top);
        const bottom = Math.min(r.bottom, box.bottom);
        if (left >= right || top >= bottom) return [];
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        return [{ name: button.textContent.trim(), reached: button.contains(hit) }];
      });
    });
    assert.ok(beneath.length > 0, "the error toast lies over none of the page's buttons");
    assert.deepEqual(
      beneath.filter((b) => !b.reached),
      [],
      `buttons beneath the error toast: ${JSON.stringify(beneath)}`,
    );
    const close = error.getByRole("button", { name: "Close toast" });
    assert.ok(await isUncovered(close), "the error toast's close button is beneath something");
    await close.click();
    await error.waitFor({ state: "detached" });
    await context.close();
  });

  test("an avatar that fails to load is replaced by the default user icon", async () => {
    const { context, page } = await newPage(browser());
    // The real /me answer, with an avatar address that cannot load as an image.
    await page.route("**/api/auth/me", async (route) => {
      const response = await route.fetch();
      const me = await response.json();
      await route.fulfill({
        response,
        json: { ...me, user: { ...me.user, avatarUrl: "/api/images/missing-avatar.png" } },
      });
    });
    await signInToDashboard(page, own().user);
    const trigger = page.getByRole("button", { name: "Account menu" });
    await trigger.locator("svg").waitFor();
    assert.equal(await trigger.locator("img").count(), 0);
    await context.close();
  });
});
