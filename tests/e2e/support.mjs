import { after, before } from "node:test";
import { chromium } from "playwright-core";
import XLSX from "xlsx";

export const CHROMIUM_PATH = "/usr/bin/chromium";
/** A second host name for the data-center brand, mapped to loopback inside Chromium. */
export const DATACENTER_HOST = "datacenter.crosscast.test";

export const baseUrl = () => process.env.E2E_BASE_URL ?? "http://localhost:8787";
export const port = () => process.env.E2E_PORT ?? "8787";
export const datacenterUrl = () => `http://${DATACENTER_HOST}:${port()}`;

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      `--host-resolver-rules=MAP ${DATACENTER_HOST} 127.0.0.1`,
    ],
  });
}

/** A fresh browser context (own storage and cookies) per test. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page, email, password) {
  await page.goto(`${baseUrl()}/dashboard`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export const DEMO_ADMIN = { email: "demo.admin@crosscast.test", password: "crosscast-demo-admin" };
export const DEMO_USER = { email: "demo.user@crosscast.test", password: "crosscast-demo-user" };

/** The newest email sent to an address, from the sandbox mailbox API. */
export async function latestMail(to, kind) {
  const res = await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const { messages } = await res.json();
  const mail = messages.find((m) => !kind || m.kind === kind);
  if (!mail) throw new Error(`no ${kind ?? ""} email for ${to}`);
  return mail;
}

export const uniqueEmail = (prefix) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A real 1x1 PNG for upload tests. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** One browser per test file, closed at the end; returns a getter for the running browser. */
export function useBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/** The confirmation link in a confirmation email. */
export const confirmationLink = (mail) =>
  mail.text.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=\S+/)[0];

/** Signs up through the API and follows the emailed confirmation link: a ready account. */
export async function confirmedAccount(email, password) {
  await fetch(`${baseUrl()}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await fetch(confirmationLink(await latestMail(email, "confirmation")), { redirect: "manual" });
}

/**
 * An API session as a given person (bearer token), to give an organisation content as the dialogs
 * would (through the real ingestion path). `call(path, body?)` GETs, or POSTs a JSON body; a
 * path without a leading slash is relative to the person's organisation.
 */
export async function apiSession(who) {
  const request = async (method, path, token, body, attempt = 1) => {
    try {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
      });
      // wrangler dev's own answer when its runtime restarts under load (not the app's: its body is
      // text). The Worker never saw the request (it logged nothing, docs/performance.md), so even
      // a write is asked again.
      if (res.status === 503 && attempt < 3) {
        const text = await res.clone().text();
        if (text.startsWith("Your worker restarted mid-request")) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return request(method, path, token, body, attempt + 1);
        }
      }
      return { res, json: res.status === 204 ? null : await res.json() };
    } catch (error) {
      // wrangler dev now and then never answers one request while a queue job runs (issue #13);
      // a read is safe to ask again, a write is not.
      if (method !== "GET" || attempt >= 3 || error?.name !== "TimeoutError") throw error;
      return request(method, path, token, body, attempt + 1);
    }
  };
  const signedIn = (await request("POST", "/api/auth/sign-in", null, who)).json;
  if (!signedIn.accessToken) throw new Error(`API sign-in failed for ${who.email}`);
  const token = signedIn.accessToken;
  const me = (await request("GET", "/api/auth/me", token)).json;
  const org = `/api/orgs/${me.organization.id}`;
  const full = (path) => (path.startsWith("/") ? path : `${org}/${path}`);
  return {
    org,
    organizationId: me.organization.id,
    token,
    call: async (path, body) =>
      (await request(body ? "POST" : "GET", full(path), token, body)).json,
    /** Any method; answers `{ res, json }` so a test can check the status too. */
    send: (method, path, body) => request(method, full(path), token, body),
  };
}

/**
 * Connects the organisation to a (sandbox) Google account as an admin would, without a page:
 * start, "Allow" on the sandbox consent page, then the callback with the state cookie. Give
 * each file its own account: the sandbox keeps one Drive per account.
 */
export async function connectGoogle(api, account) {
  const start = await fetch(`${baseUrl()}${api.org}/google/connect`, {
    method: "POST",
    headers: { authorization: `Bearer ${api.token}` },
  });
  const { authorizationUrl } = await start.json();
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith("crosscast_google_oauth="))
    .split(";")[0];
  const consent = new URL(authorizationUrl);
  const approve = new URL(`${baseUrl()}/sandbox/accounts.google.com/o/oauth2/v2/approve`);
  for (const k of ["redirect_uri", "state", "code_challenge"])
    approve.searchParams.set(k, consent.searchParams.get(k) ?? "");
  // Every requested scope ticked, as the consent page's boxes start (a person may untick some).
  for (const scope of (consent.searchParams.get("scope") ?? "").split(" ").filter(Boolean))
    approve.searchParams.append("grant", scope);
  approve.searchParams.set("account", account);
  approve.searchParams.set("decision", "allow");
  const back = await fetch(approve, { redirect: "manual" });
  const callback = await fetch(back.headers.get("location"), {
    headers: { cookie },
    redirect: "manual",
  });
  const landed = callback.headers.get("location") ?? "";
  if (!landed.includes("connected")) throw new Error(`Google connection failed: ${landed}`);
}

/** A sandbox Google account no other file uses. */
export const uniqueGoogleAccount = (prefix) =>
  uniqueEmail(prefix).replace("@example.com", "@gmail.com");

/** The demo admin's API session (the organisation /dev/seed made; prefer useOrganization). */
export const demoApi = () => apiSession(DEMO_ADMIN);

/**
 * A new organisation with its own admin and standard user (sandbox route /dev/organizations),
 * and the admin's API session. `label` names it, so a failing file's rows are easy to find.
 */
export async function createOrganization(label) {
  const res = await fetch(`${baseUrl()}/dev/organizations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ label }),
  });
  if (res.status !== 201) throw new Error(`/dev/organizations: HTTP ${res.status}`);
  const made = await res.json();
  return { ...made, api: await apiSession(made.admin) };
}

/**
 * The test file's own organisation, made before its first test: `{ organization, admin, user,
 * api }` (admin and user are `{ email, password, name }`; api is the admin's API session).
 * `setup(organization)` gives it content first (through the API, as the dialogs would).
 * Every browser test file uses its own, so files share no rows and pass alone, in any order
 * and twice on one server. A test that changes the organisation in a way other tests of the file
 * would notice (renames it, connects Google) makes its own with createOrganization instead.
 */
export function useOrganization(label, setup = async () => {}) {
  let made;
  // One hook does both: node:test does not wait for one top-level before() to finish before it
  // starts the next, so content is added here rather than in a before() of the file's own.
  before(async () => {
    const fresh = await createOrganization(label);
    await setup(fresh);
    made = fresh;
  });
  return () => {
    if (!made) throw new Error("useOrganization: the organisation is made in before()");
    return made;
  };
}

/** Whether the element's centre shows the element itself: nothing fixed, sticky or pinned lies on it. */
export const isUncovered = (locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });

/** Signs in on the sign-in form and waits for the dashboard (the positive anchor). */
export async function signInToDashboard(page, who) {
  await signIn(page, who.email, who.password);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

/** Waits until an ingestion job has succeeded (the queue runs it); throws if it failed. */
export async function waitForJob(api, jobId) {
  for (let i = 0; ; i++) {
    const { job } = await api.call(`jobs/${jobId}`);
    if (job.status === "succeeded") return;
    if (job.status === "failed" || i > 150)
      throw new Error(`ingestion: ${job.status} ${job.errorMessage}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Connects YouTube with a sandbox key and ingests a channel by handle. */
export async function ingestChannel(api, handle, apiKey) {
  await api.call("integrations/youtube/connect", { apiKey });
  const { jobId } = await api.call("channels", { url: `https://www.youtube.com/${handle}` });
  await waitForJob(api, jobId);
}

/**
 * A downloaded CSV read the way a spreadsheet opens a double-clicked file (SheetJS decodes UTF-8
 * only when the file starts with a byte-order mark, as Excel does): an array of rows of text.
 */
export function readSpreadsheet(path) {
  const book = XLSX.readFile(path, { raw: true });
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
}
