import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  confirmationLink,
  createOrganization,
  latestMail,
  newPage,
  signIn,
  signInToDashboard,
  TINY_PNG,
  uniqueEmail,
  useBrowser,
  useOrganization,
} from "./support.mjs";

const browser = useBrowser();
const own = useOrganization("Accounts");

describe("accounts", () => {
  test("an admin signs in, sees the shell and signs out", async () => {
    const { admin } = own();
    const { context, page } = await newPage(browser());
    await signIn(page, admin.email, admin.password);
    await page.getByText("Welcome back!").waitFor();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    // A reload keeps the session (refresh cookie), with no password asked again.
    await page.reload();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByText(admin.email).waitFor();
    await page.getByRole("menuitem", { name: "Organization Settings" }).waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await context.close();
  });

  test("the tabs of one browser share a session: a sign-out or sign-in in one is taken up by the others", async () => {
    const { admin } = own();
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, admin);
    const other = await context.newPage();
    await other.goto(`${baseUrl()}/dashboard?platform=youtube&tab=channels`);
    await other.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // The other tab shows no more of the organisation, without being touched.
    await other.getByRole("heading", { name: "Sign in" }).waitFor();
    assert.equal(await other.getByRole("heading", { name: "Dashboard" }).count(), 0);
    await signIn(page, admin.email, admin.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await other.getByRole("heading", { name: "Dashboard" }).waitFor();
    await context.close();
  });

  test("a session ended elsewhere signs the tab out at its next request, saying why", async () => {
    const { user, api } = await createOrganization("Accounts ended");
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, user);
    // The dashboard's own later reads are done, so the click below is the tab's next request
    // (one of those reads, refused, would sign the tab out before the click: CI met it).
    await page.waitForLoadState("networkidle");
    // An administrator resets the person's password: every sign-in of theirs ends.
    const { members } = await api.call("members");
    const member = members.find((m) => m.email === user.email);
    const reset = await api.send("POST", `members/${member.userId}/reset-password`);
    assert.equal(reset.res.status, 200, JSON.stringify(reset.json));
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByText("Your session has ended. Please sign in again.").waitFor();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // Said once: the page's refused reads say the same, and identical toasts are one.
    assert.equal(await page.getByText("Your session has ended. Please sign in again.").count(), 1);
    await context.close();
  });

  test("a wrong password shows the spec's message inline", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, own().admin.email, "definitely-not-it");
    await page
      .getByRole("alert")
      .getByText("Invalid email or password. Please try again.")
      .waitFor();
    await context.close();
  });

  test("a short sign-up password gets the spec's message, not the browser's tooltip", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Email").fill(uniqueEmail("short"));
    await page.getByLabel("Password").fill("short1");
    await page.getByRole("button", { name: "Create account" }).first().click();
    await page
      .getByRole("alert")
      .getByText("Password must be at least 8 characters long.")
      .waitFor();
    // The browser's own constraint check is not what stopped it.
    assert.equal(await page.getByLabel("Password").evaluate((el) => el.validity.valid), true);
    await context.close();
  });

  test("sign up, confirm from the mailbox, sign in", async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail("signup");
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).first().click();
    await page
      .getByText("Account created! Please check your email to verify your account.")
      .waitFor();
    // The form returned to sign-in mode with empty fields.
    assert.equal(await page.getByLabel("Email").inputValue(), "");
    const mail = await latestMail(email, "confirmation");
    const link = confirmationLink(mail);
    await page.goto(link);
    await page.getByText("Email confirmed. You can sign in now.").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    // The mailbox page shows it too.
    await page.goto(`${baseUrl()}/dev/mailbox`);
    await page.getByText(`Confirm your Crosscast account`).first().waitFor();
    await context.close();
  });

  test("forgot password: temporary password from the mailbox, forced reset page, then the dashboard", async () => {
    const { context, page } = await newPage(browser());
    // A person of their own: the reset changes their password.
    const { email } = (await createOrganization("Accounts reset")).user;

    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset email" }).click();
    await page
      .getByText(
        "If an account with that email exists, a password reset email with a temporary password has been sent.",
      )
      .waitFor();
    const temp = (await latestMail(email, "self_reset")).text.match(
      /temporary password: (\S+)/i,
    )[1];
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(temp);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/auth\/reset-password$/);
    await page.getByLabel("New password", { exact: true }).fill("my new password 2");
    await page.getByLabel("Confirm new password").fill("my new password 2");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Password updated successfully").first().waitFor();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  /** The reset page's invalid-link screen, as an unusable emailed link shows it. */
  const invalidResetLinkShown = (page) =>
    page
      .getByText("Invalid or expired reset link. Please request a new password reset.")
      .first()
      .waitFor();

  test("an invalid reset link shows the invalid-link screen and returns to / after 3 s", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/#access_token=not-a-real-token-123&type=recovery`);
    await page.waitForURL(/\/auth\/reset-password$/);
    await invalidResetLinkShown(page);
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/dashboard", {
      timeout: 10_000,
    });
    await context.close();
  });

  test("an old link opened while signed in says so, then returns to the dashboard", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.goto(`${baseUrl()}/#access_token=an-old-used-token-789&type=recovery`);
    // Signed in here: asked first, since a good link would sign its own account in instead.
    await page.getByRole("heading", { name: "Open this link?" }).waitFor();
    await page.getByRole("button", { name: "Continue with the link" }).click();
    await invalidResetLinkShown(page);
    // Still signed in: the tab's session was set aside for the link, not ended.
    await page.getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole("button", { name: "Sign in" }).count(), 0);
    await context.close();
  });

  test("a link pasted into a tab already on the sign-in screen is followed", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    // Only the hash changes: the browser does not load the page again by itself.
    await page.goto(`${baseUrl()}/#access_token=not-a-real-token-456&type=recovery`);
    await page.waitForURL(/\/auth\/reset-password$/);
    await invalidResetLinkShown(page);
    await context.close();
  });

  test("change password in Account Settings", async () => {
    const { context, page } = await newPage(browser());
    // A person of their own: the test changes their password.
    const { email, password } = (await createOrganization("Accounts password")).user;
    await signInToDashboard(page, { email, password });
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Account Settings" }).click();
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();

    // Four emoji are four characters, as the server counts them (eight UTF-16 units): said
    // here, in the spec's words, without asking the server.
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill("🔑🔑🔑🔑");
    await page.getByLabel("Confirm new password").fill("🔑🔑🔑🔑");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("alert").getByText("Password must be at least 8 characters").waitFor();
    assert.equal(await page.getByText(/newPassword:/).count(), 0);

    await page.getByLabel("Current password").fill("wrong current pass");
    await page.getByLabel("New password", { exact: true }).fill("settings password 2");
    await page.getByLabel("Confirm new password").fill("settings password 2");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("alert").getByText("Current password is incorrect").waitFor();
    await page.getByLabel("Current password").fill(password);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password updated successfully").waitFor();
    await context.close();
  });

  test("Save pressed from the keyboard keeps the focus while it saves and after", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.goto(`${baseUrl()}/account-settings`);
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    await page.getByLabel(/Phone/).fill("+44 20 7946 0000");
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Profile updated successfully").waitFor();
    // A disabled button drops the focus to the page's body; this one held it (useHeldFocus).
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    assert.equal(await focused(), "Save Changes");
    // And the keyboard goes on from there: Tab reaches the next field, not the page's first link.
    await page.keyboard.press("Tab");
    assert.notEqual(await focused(), "Skip to content");
    await context.close();
  });

  test("upload and remove an avatar; a file that is not an image is refused", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Account Settings" }).click();
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    await page.setInputFiles("#avatar-file", {
      name: "me.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await page.getByText("Avatar updated successfully").waitFor();
    await page.getByAltText("You", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Avatar removed successfully").waitFor();
    await page.getByAltText("You", { exact: true }).waitFor({ state: "detached" });

    await page.setInputFiles("#avatar-file", {
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await page.getByText("Please upload an image file").waitFor();
    await context.close();
  });
});
