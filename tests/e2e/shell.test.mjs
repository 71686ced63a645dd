import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  createOrganization,
  datacenterUrl,
  newPage,
  signIn,
  useBrowser,
} from "./support.mjs";

const browser = useBrowser();

describe("app shell", () => {
  test("an unknown path redirects to /dashboard, which asks a signed-out visitor to sign in", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await context.close();
  });

  test("every protected page shows the sign-in form in place to a signed-out visitor", async () => {
    const { context, page } = await newPage(browser());
    for (const path of [
      "/",
      "/dashboard",
      "/reports",
      "/account-settings",
      "/organization-settings",
      "/admin/storage",
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole("form", { name: "Sign in" }).waitFor();
      await page.getByLabel("Email").waitFor();
      await page.getByLabel("Password").waitFor();
      // The address stays, so signing in lands on the page that was asked for.
      assert.equal(new URL(page.url()).pathname, path);
      // The tab says what it shows: the sign-in form, not the page behind it.
      assert.equal(await page.title(), "Sign in · Crosscast");
    }
    await context.close();
  });

  test("each page names the browser tab after itself", async () => {
    const { user } = await createOrganization("Shell titles");
    const { context, page } = await newPage(browser());
    await signIn(page, user.email, user.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    assert.equal(await page.title(), "Dashboard · Crosscast");
    for (const [link, title] of [
      ["Reports", "Reports · Crosscast"],
      ["Update Log", "Update Log · Crosscast"],
      ["Dashboard", "Dashboard · Crosscast"],
    ]) {
      await page.getByRole("link", { name: link, exact: true }).first().click();
      await page.getByRole("heading", { name: link, level: 1 }).waitFor();
      assert.equal(await page.title(), title);
    }
    await context.close();
  });

  test("the built code under /assets/, answered without the Worker, carries the pages' security headers", async () => {
    const page = await fetch(`${baseUrl()}/dashboard`);
    const src = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    assert.ok(src, "the page names its script under /assets/");
    const asset = await fetch(`${baseUrl()}${src}`);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    await asset.arrayBuffer();
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
    ]) {
      assert.ok(page.headers.get(name), `the page has ${name}`);
      assert.equal(asset.headers.get(name), page.headers.get(name), name);
    }
  });

  test("the Update Log shows entries newest first with a link back to the dashboard", async () => {
    const { context, page } = await newPage(browser());
    // Serve a manifest listed oldest first, to prove the page orders by date itself.
    await page.route("**/docs/change-logs/manifest.json", (route) =>
      route.fulfill({
        json: {
          changeLogs: [
            { filename: "old.md", date: "2026-01-05", title: "Older entry" },
            { filename: "new.md", date: "2026-11-20", title: "Newer entry" },
          ],
        },
      }),
    );
    await page.route("**/docs/change-logs/old.md", (route) =>
      route.fulfill({ body: "Old **text**" }),
    );
    await page.route("**/docs/change-logs/new.md", (route) => route.fulfill({ body: "New text" }));
    await page.goto(`${baseUrl()}/update-log`);
    await page.getByText("Older entry").waitFor();
    const titles = await page.getByTestId("change-log-entry").locator("h2").allTextContents();
    assert.deepEqual(titles, ["Newer entry", "Older entry"]);
    assert.equal(
      await page.getByRole("link", { name: "Back to dashboard" }).getAttribute("href"),
      "/dashboard",
    );
    await context.close();
  });

  test("the real Update Log shows its newest entries first and older ones on request, down to the foundation", async () => {
    const { context, page } = await newPage(browser());
    const asked = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".md")) asked.push(r.url());
    });
    await page.goto(`${baseUrl()}/update-log`);
    const entries = page.getByTestId("change-log-entry");
    await entries.first().waitFor();
    // The newest ten, read with ten requests rather than one per entry ever written.
    assert.equal(await entries.count(), 10);
    assert.equal(asked.length, 10);
    const older = page.getByRole("button", { name: "Show older updates" });
    await older.click();
    await entries.nth(10).waitFor();
    // Reading goes on where the older entries start.
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      await entries.nth(10).locator("h2").textContent(),
    );
    const foundation = page.getByRole("heading", {
      name: "Foundation: app shell, brands and update log",
    });
    while ((await foundation.count()) === 0) {
      // Counted before the click: a page that arrives at once would otherwise be counted in.
      const shown = await entries.count();
      await older.click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="change-log-entry"]').length > n,
        shown,
      );
    }
    assert.equal(await older.count(), 0, "the last page still offers older updates");
    await context.close();
  });

  test("a failing Update Log shows the spec's toast and empty text", async () => {
    const { context, page } = await newPage(browser());
    await page.route("**/docs/change-logs/manifest.json", (route) =>
      route.fulfill({ status: 500, body: "boom" }),
    );
    await page.goto(`${baseUrl()}/update-log`);
    await page.getByText("Failed to load update logs").waitFor();
    await page.getByText("No update logs available.").waitFor();
    await context.close();
  });
});

describe("theme", () => {
  test("System follows an emulated dark preference live", async () => {
    const { context, page } = await newPage(browser(), { colorScheme: "light" });
    await page.goto(`${baseUrl()}/update-log`);
    await page.getByRole("heading", { name: "Update Log", exact: true }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    assert.equal(await isDark(), false);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    await context.close();
  });

  test("a stored dark preference applies before the app loads and persists across reload", async () => {
    const { context, page } = await newPage(browser(), { colorScheme: "light" });
    await page.goto(`${baseUrl()}/manage-cookies`);
    await page.evaluate(() => localStorage.setItem("crosscast-theme", "dark"));
    await page.reload();
    assert.equal(
      await page.evaluate(() => document.documentElement.classList.contains("dark")),
      true,
    );
    // Clearing it on Manage cookies returns to System (light here).
    await page.getByRole("button", { name: "Clear theme preference" }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    assert.equal(await page.evaluate(() => localStorage.getItem("crosscast-theme")), null);
    await context.close();
  });
});

describe("legal pages", () => {
  test("Manage cookies lists exactly what the app stores in the browser", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/manage-cookies`);
    await page.getByRole("heading", { name: "Manage cookies" }).waitFor();
    const names = await page.locator("tbody tr td:first-child").allTextContents();
    assert.deepEqual(names.sort(), [
      "crosscast-theme",
      "crosscast_google_oauth",
      "crosscast_refresh",
    ]);
    await page
      .getByText("There are no analytics, advertising or third-party tracking cookies.")
      .waitFor();
    await context.close();
  });

  test("on a phone, each cookie's purpose is read at the screen's width, nothing cut off", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl()}/manage-cookies`);
    const table = page.getByRole("table");
    await table.waitFor();
    // Still a table with its column headers for screen readers.
    assert.equal(await table.getByRole("columnheader").count(), 3);
    const fits = await table.evaluate(
      (el) => el.parentElement.scrollWidth <= el.parentElement.clientWidth,
    );
    assert.ok(fits, "the cookie table scrolls sideways");
    for (const purpose of await page.locator("tbody tr td:last-child").all()) {
      const box = await purpose.boundingBox();
      assert.ok(box.width >= 300, `a purpose ${box.width} px wide`);
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `a purpose at ${JSON.stringify(box)}`);
    }
    await context.close();
  });
});

describe("brands", () => {
  test("the default brand shows its footer links, copyright, title and favicon", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/update-log`);
    const footer = page.getByRole("contentinfo");
    for (const name of ["Legal", "Privacy", "Manage cookies", "Update Log"])
      await footer.getByRole("link", { name }).waitFor();
    await footer.getByText(`© ${new Date().getFullYear()} Crosscast`).waitFor();
    await page.getByRole("heading", { name: "Update Log", level: 1 }).waitFor();
    assert.equal(await page.title(), "Update Log · Crosscast");
    assert.equal(await page.locator("html").getAttribute("data-brand"), "crosscast");
    assert.equal(
      await page.locator('link[rel="icon"]').getAttribute("href"),
      "/brand/crosscast-favicon.svg",
    );
    await footer.getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    await context.close();
  });

  test("the data-center brand shows support and Update Log only, and has no legal pages", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${datacenterUrl()}/update-log`);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Contact support" }).waitFor();
    await footer.getByRole("link", { name: "Update Log" }).waitFor();
    assert.equal(await footer.getByRole("link", { name: "Legal" }).count(), 0);
    assert.equal(await footer.getByText("©").count(), 0);
    await page.getByRole("heading", { name: "Update Log", level: 1 }).waitFor();
    assert.equal(await page.title(), "Update Log · Crosscast Data Center Analytics");
    assert.equal(await page.locator("html").getAttribute("data-brand"), "datacenter");
    assert.equal(
      await page.locator('link[rel="icon"]').getAttribute("href"),
      "/brand/datacenter-favicon.svg",
    );
    await page.goto(`${datacenterUrl()}/legal`);
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  test("the data-center brand offers no sign-up; the default brand does", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${datacenterUrl()}/dashboard`);
    await page.getByRole("button", { name: "Forgot password?" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Create account" }).count(), 0);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("button", { name: "Create account" }).waitFor();
    await context.close();
  });
});
