// Mutation testing of shared/ (the pure logic both sides use) against the unit suite:
// `npm run test:mutation`. The score is written to reports/mutation/ and copied into
// bench/results.json by bench/mutation.mjs. What is left out, and why, is in docs/performance.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "tests/unit/vitest.config.ts" },
  mutate: [
    "shared/**/*.ts",
    // The spec's message catalogue: every string literal there is a product message; changing
    // one is caught by the worker and browser tests that read the words, not by unit tests.
    "!shared/messages.ts",
    "!shared/messages-integrations.ts",
    // Declarative zod schemas (and the error envelope's): each route's refusal of bad input,
    // with its field and message, is tested in the Worker suite, which runs in workerd and
    // cannot be driven by Stryker's vitest runner.
    "!shared/schemas/**",
    "!shared/errors.ts",
    // A constant list of IANA zone names for a select.
    "!shared/timezones.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
