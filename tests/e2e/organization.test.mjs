import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  createOrganization,
  latestMail,
  newPage,
  signInToDashboard,
  TINY_PNG,
  uniqueEmail,
  uniqueGoogleAccount,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
const own = useOrganization("Organization");

async function openSettings(page, who) {
  await signInToDashboard(page, who);
  await page.goto(`${baseUrl()}/organization-settings`);
}

/** Invites a new address from Add Member and waits for the toast. */
async function invite(page, email) {
  await page.getByRole("button", { name: "Add Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await page.getByText(`Invitation sent to ${email}. They join once they accept it.`).waitFor();
}

/**
 * Focus on the heading of the list a row left: the Members heading after a removal; after a
 * withdrawal the Invitations heading while invitations are listed, else the Members heading.
 */
async function focusOnHeading(page, list) {
  await page.waitForFunction((list) => {
    const expected =
      list === "invitations" && document.querySelector('[data-testid="invitation-row"]')
        ? "invitations-title"
        : "members-title";
    return document.activeElement?.id === expected;
  }, list);
}

describe("organization settings", () => {
  test("an admin renames the organisation, sets a logo and saves API keys that come back masked", async () => {
    // Its own organisation: the new name and logo would show in every other test's header.
    const { admin } = await createOrganization("Organization rename");
    const { context, page } = await newPage(browser());
    await openSettings(page, admin);
    await page.getByRole("heading", { name: "Organization Settings" }).waitFor();
    const newName = `Renamed ${Date.now().toString(36)}`;
    await page.getByLabel("Organization name").fill(newName);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Organization updated successfully").waitFor();

    await page.setInputFiles("#org-logo-file", {
      name: "logo.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await page.getByText("Logo updated successfully").waitFor();
    // The header now shows the organisation's logo instead of the brand's.
    await page.getByRole("banner").getByAltText(`${newName} logo`).waitFor();
    // Activity records both at once, without a reload.
    const log = page.getByTestId("audit-log");
    await log.getByText(`renamed the organization to ${newName}`).waitFor();
    await log.getByText("changed the logo").waitFor();

    assert.equal(await page.getByRole("button", { name: "Save API Keys" }).isDisabled(), true);
    await page.getByLabel("YouTube API key").fill("AIzaSy-e2e-youtube-key-4321");
    await page.getByRole("button", { name: "Save API Keys" }).click();
    await page.getByText("API keys updated successfully").waitFor();
    await page.getByTestId("status-youtube").getByText("Pending · ••••4321").waitFor();
    await log.getByText("changed API keys (YouTube)").waitFor();
    assert.equal(await page.getByLabel("YouTube API key").inputValue(), "");
    assert.equal(await page.getByText("AIzaSy-e2e-youtube-key-4321").count(), 0);

    // The longest name the field takes, one word: Activity wraps it on a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    const longName = "A".repeat(120);
    await page.getByLabel("Organization name").fill(longName);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await log.getByText(`renamed the organization to ${longName}`).waitFor();
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      375,
      "the page scrolls sideways",
    );
    await context.close();
  });

  test("an admin invites an address (invitation in the mailbox), then withdraws it", async () => {
    const { context, page } = await newPage(browser());
    await openSettings(page, own().admin);
    const email = uniqueEmail("member");
    await invite(page, email);
    // Invited, not a member: it is listed under Invitations.
    const row = page.getByTestId("invitation-row").filter({ hasText: email });
    await row.getByText("Invited").waitFor();
    assert.equal(await page.getByTestId("member-row").filter({ hasText: email }).count(), 0);
    const mail = await latestMail(email, "invitation");
    assert.match(mail.text, /temporary password: \S{16}/i);
    // Withdrawing asks first; Cancel keeps the invitation and gives focus back to its button.
    const withdraw = row.getByRole("button", { name: `Withdraw invitation to ${email}` });
    await withdraw.click();
    const confirm = page.getByRole("dialog", { name: "Withdraw invitation" });
    await confirm.getByText(`Withdraw the invitation to ${email}?`).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.waitForFunction(
      (label) => document.activeElement?.getAttribute("aria-label") === label,
      `Withdraw invitation to ${email}`,
    );
    await row.getByText("Invited").waitFor();
    await withdraw.click();
    await confirm.getByRole("button", { name: "Withdraw invitation" }).click();
    await page.getByText("Invitation withdrawn").waitFor();
    await row.waitFor({ state: "detached" });
    // The Withdraw button went with its row: focus is on the list's heading (or, with no
    // invitation left, the members'), not on the page's body.
    await focusOnHeading(page, "invitations");
    await context.close();
  });

  test("an admin who opens the invitation they sent is asked first, and can stay themselves", async () => {
    const { admin } = await createOrganization("Organization own link");
    const { context, page } = await newPage(browser());
    await openSettings(page, admin);
    const email = uniqueEmail("invitee");
    await invite(page, email);
    const link = /(https?:\/\/\S+#access_token=[^\s&]+&type=invite)/.exec(
      (await latestMail(email, "invitation")).text,
    )?.[1];
    assert.ok(link, "the invitation email holds its link");

    // The admin opens it in their own browser: nothing happens until they choose.
    await page.goto(link);
    await page.getByRole("heading", { name: "Open this link?" }).waitFor();
    await page.getByText(`You are signed in as ${admin.email}.`, { exact: false }).waitFor();
    await page.getByRole("button", { name: `Stay signed in as ${admin.email}` }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    // Staying left the link unused: opened again and continued, it signs its own account in,
    // in place of the admin's.
    await page.goto(link);
    await page.getByRole("button", { name: "Continue with the link" }).click();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await context.close();
  });

  test("an admin changes a member's role and removes them", async () => {
    // Its own organisation: its standard user is removed.
    const { admin, user } = await createOrganization("Organization members");
    const { context, page } = await newPage(browser());
    await openSettings(page, admin);
    // An invitation pending below the members: focus after the removal still goes to the
    // members' heading, not to the invitations'.
    await invite(page, uniqueEmail("pending"));
    // A cancelled Add Member leaves nothing for the next one.
    await page.getByRole("button", { name: "Add Member" }).click();
    const add = page.getByRole("dialog", { name: "Add New Member" });
    await add.getByLabel("Name in this organization (optional)").fill("Alice Example");
    await add.getByLabel("Email").fill("alice@crosscast.test");
    await add.getByLabel("Role").selectOption("admin");
    await add.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Add Member" }).click();
    assert.equal(await add.getByLabel("Name in this organization (optional)").inputValue(), "");
    assert.equal(await add.getByLabel("Email").inputValue(), "");
    assert.equal(await add.getByLabel("Role").inputValue(), "standard");
    await page.keyboard.press("Escape");

    const row = page.getByTestId("member-row").filter({ hasText: user.email });
    const role = row.getByLabel(`Role of ${user.email}`);
    const confirmRole = page.getByRole("dialog", { name: "Change role" });
    // An arrow key on the focused select asks before it changes anything; Escape keeps the role.
    await role.focus();
    await page.keyboard.press("ArrowUp");
    await confirmRole.getByText(/^Make .+ an Administrator\?/).waitFor();
    await page.keyboard.press("Escape");
    await confirmRole.waitFor({ state: "detached" });
    assert.equal(await role.inputValue(), "standard");
    await role.selectOption("admin");
    await confirmRole.getByRole("button", { name: "Make Administrator" }).click();
    await page.getByText("Member role updated successfully").waitFor();
    await page.waitForFunction((select) => select.value === "admin", await role.elementHandle());

    // Edit Member says whose name an empty field shows.
    await row.getByRole("button", { name: `Edit ${user.email}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Member" });
    await edit.getByText(`Empty: shown as their own name, ${user.name}.`).waitFor();
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });

    // A password reset asks first, and a double click resets once.
    await row.getByRole("button", { name: `Reset password for ${user.email}` }).click();
    const confirmReset = page.getByRole("dialog", { name: "Reset password" });
    await confirmReset.getByRole("button", { name: "Reset password" }).dblclick();
    await page
      .getByText(`A temporary password has been sent to ${user.email}`, { exact: false })
      .first()
      .waitFor();
    await confirmReset.waitFor({ state: "detached" });
    assert.equal(
      await page.getByText("A temporary password has been sent to", { exact: false }).count(),
      1,
    );
    await row.getByRole("button", { name: `Remove ${user.email}` }).click();
    await page
      .getByRole("dialog", { name: "Delete Member" })
      .getByRole("button", { name: "Remove member" })
      .click();
    await page.getByText("Member completely removed from all systems").waitFor();
    await page
      .getByTestId("member-row")
      .filter({ hasText: user.email })
      .waitFor({ state: "detached" });
    await focusOnHeading(page, "members");
    const log = page.getByTestId("audit-log");
    await log.getByText(`removed ${user.email}`).waitFor();
    // Roles in words, and the person named while their account existed (it is deleted now).
    await log
      .getByText("changed the role of a former member from Standard User to Administrator")
      .waitFor();
    // On the organisation's clock, as the app's other times.
    assert.match(
      await log.locator("time").first().textContent(),
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M P[SD]T$/,
    );
    await context.close();
  });

  test("on a phone every member's role and actions are on screen, in a table still", async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 390, height: 844 } });
    await openSettings(page, own().admin);
    const { user } = own();
    const row = page.getByRole("row").filter({ hasText: user.email });
    const role = row.getByRole("cell").getByLabel(`Role of ${user.email}`);
    const remove = row.getByRole("button", { name: `Remove ${user.email}` });
    for (const control of [role, remove]) {
      const box = await control.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `control at ${box.x}+${box.width}`);
    }
    const sideways = await page
      .getByTestId("member-row")
      .first()
      .evaluate((el) => {
        const scroller = el.closest(".overflow-x-auto");
        return scroller.scrollWidth - scroller.clientWidth;
      });
    assert.equal(sideways, 0, "the members table scrolls sideways");

    // An invitation names its whole address, and its buttons are on screen.
    const email = uniqueEmail("a-rather-long-invitee-address");
    await own().api.call("members", { email, role: "standard" });
    await page.reload();
    const invitation = page.getByTestId("invitation-row").filter({ hasText: email });
    const address = invitation.getByText(email);
    await address.waitFor();
    assert.ok(
      await address.evaluate((el) => el.scrollWidth <= el.clientWidth),
      "the invited address is cut short",
    );
    const withdraw = invitation.getByRole("button", { name: `Withdraw invitation to ${email}` });
    const box = await withdraw.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `Withdraw at ${box.x}+${box.width}`);
    await context.close();
  });

  test("an admin demoted while their settings page is open is shown what they may now do", async () => {
    const { api, user } = await createOrganization("Organization demoted");
    const { members } = await api.call("members");
    const them = members.find((m) => m.email === user.email);
    const promote = await api.send("PATCH", `members/${them.userId}`, { role: "admin" });
    assert.equal(promote.res.status, 200);
    const { context, page } = await newPage(browser());
    await openSettings(page, user);
    await page.getByRole("heading", { name: "Organization Information" }).waitFor();
    const demote = await api.send("PATCH", `members/${them.userId}`, { role: "standard" });
    assert.equal(demote.res.status, 200);
    // Their next save is refused, and the page becomes the one a standard user sees.
    await page.getByLabel("Organization name").fill("Not theirs to rename");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page
      .getByText("You need admin permissions to access organization settings.")
      .first()
      .waitFor();
    await page.getByRole("heading", { name: "Organization Information" }).waitFor({
      state: "detached",
    });
    await context.close();
  });

  test("a standard user sees the no-permission message", async () => {
    const { context, page } = await newPage(browser());
    await openSettings(page, own().user);
    await page.getByText("You need admin permissions to access organization settings.").waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    // The open menu (positive anchor) lacks the admin entry.
    await page.getByRole("menuitem", { name: "Account Settings" }).waitFor();
    assert.equal(await page.getByRole("menuitem", { name: "Organization Settings" }).count(), 0);
    await context.close();
  });

  test("an admin connects Google and deletes two files in the storage manager", async () => {
    // Its own organisation and Google account: the sandbox keeps one Drive per account, and
    // this test deletes files from it.
    const { admin } = await createOrganization("Organization storage");
    const googleAccount = uniqueGoogleAccount("drive");
    const { context, page } = await newPage(browser());
    // Before any Google account: the storage page says so, after one refused read (not two).
    await signInToDashboard(page, admin);
    const storageReads = [];
    page.on("request", (r) => {
      if (/\/storage\/(quota|files)/.test(r.url())) storageReads.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl()}/admin/storage`);
    await page.getByRole("heading", { name: "No Google account connected" }).waitFor();
    assert.deepEqual(
      storageReads.map((path) => path.split("/").at(-1)),
      ["quota"],
    );
    await page.goto(`${baseUrl()}/organization-settings`);
    await page.getByRole("button", { name: "Connect Google account" }).click();
    await page.getByRole("heading", { name: "Google (sandbox)" }).waitFor();
    await page.getByLabel("Google account").fill(googleAccount);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByText("Google account connected").waitFor();
    await page.getByTestId("google-status").getByText(googleAccount).waitFor();
    await page.getByRole("link", { name: "Manage Drive storage" }).click();
    await page.getByRole("heading", { name: "Drive storage" }).waitFor();
    await page.getByRole("progressbar", { name: "Drive storage used" }).waitFor();
    await page.getByTestId("drive-file").first().waitFor();
    assert.equal(await page.getByTestId("drive-file").count(), 50);
    await page.getByRole("button", { name: "Load More Files" }).click();
    // The sandbox Drive holds 70 files Crosscast created and 60 of the person's own; under the
    // drive.file scope only the app's 70 are listed, so the second page ends the list.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="drive-file"]').length === 70,
    );
    await page.getByRole("button", { name: "Load More Files" }).waitFor({ state: "detached" });

    // Nothing selected: a quiet button (not the red one, no "(0)") that says what to do.
    const quiet = page.getByRole("button", { name: "Delete Selected", exact: true });
    assert.doesNotMatch(await quiet.getAttribute("class"), /bg-red/);
    await quiet.click();
    await page.getByText("Please select files to delete").waitFor();
    const first = await page.getByTestId("drive-file").nth(0).locator("td").nth(1).textContent();
    await page.getByTestId("drive-file").nth(0).getByRole("checkbox").check();
    await page.getByTestId("drive-file").nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete Selected (2)" }).click();
    await page
      .getByText("Are you sure you want to delete 2 files? This cannot be undone.")
      .waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Successfully deleted 2 of 2 files").waitFor();
    // The list reloads without the deleted files.
    await page
      .getByTestId("drive-file")
      .filter({ has: page.getByRole("cell", { name: first, exact: true }) })
      .waitFor({ state: "detached" });

    // A file Drive refuses to delete is a failure named with its reason, not "0 of 1" in green.
    await page
      .getByTestId("drive-file")
      .filter({ hasText: "Quarterly export (locked)" })
      .getByRole("checkbox")
      .check();
    await page.getByRole("button", { name: "Delete Selected (1)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText(/^Failed to delete files: Quarterly export \(locked\) \(.+\)$/).waitFor();
    assert.equal(await page.getByText("Successfully deleted 0 of 1 files").count(), 0);
    await context.close();
  });
});
