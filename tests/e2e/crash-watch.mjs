/**
 * Watches a page for the ways the app can fail in front of a person: an uncaught error, an error
 * logged to the console, an API answer of 5xx, React Router's developer page or our own error
 * screen. Expected refusals (4xx answers, which the browser logs as "Failed to load resource")
 * are not failures.
 */
export function watchForCrashes(page) {
  const problems = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    problems.push(`console error: ${text}`);
  });
  page.on("response", (response) => {
    if (response.status() < 500 || !new URL(response.url()).pathname.startsWith("/api/")) return;
    const line = `HTTP ${response.status()} from ${response.request().method()} ${response.url()}`;
    problems.push(line);
    // The body names the cause (our error envelope with its request id, or the local runtime's
    // own message, e.g. wrangler dev's "Your worker restarted mid-request"): add it when readable.
    response
      .text()
      .then((body) => {
        const at = problems.indexOf(line);
        if (at >= 0) problems[at] = `${line}: ${body.slice(0, 300)}`;
      })
      .catch(() => {});
  });
  return {
    problems,
    /** Every problem seen so far, plus an error screen if one is showing now. */
    async check() {
      const found = [...problems];
      if (await page.getByText("Unexpected Application Error").count())
        found.push("React Router's error page is showing");
      if (await page.getByTestId("error-screen").count())
        found.push(`our error screen is showing on ${page.url()}`);
      return found;
    },
  };
}
