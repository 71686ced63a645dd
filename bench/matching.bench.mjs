// Matching speed (issue 8): our bucketed, indexed matcher against a straightforward all-pairs
// implementation of the same rules (tests/unit/support/matching-reference.ts), on synthetic
// catalogues spread over a year. Prints times, the ratio, and whether both found the same pairs.
// Figures only; nothing is asserted. `npm run bench -- matching` or `node bench/matching.bench.mjs`.
// BENCH_SIZES=2000,5000 picks the sizes; BENCH_ZONE the organisation's zone.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import { figure } from "./lib/figures.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const load = async (file) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: "silent" })).module;
const { matchContent, previewMatches } = await load("shared/matching.ts");
const { matchAllPairs } = await load("tests/unit/support/matching-reference.ts");
const { catalogue } = await load("tests/unit/support/matching-data.ts");

const sizes = (process.env.BENCH_SIZES ?? "2000,5000").split(",").map(Number);
const zone = process.env.BENCH_ZONE ?? "America/Los_Angeles";
const time = (fn) => {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `zone ${zone}; catalogues over 365 days, 60 % of episodes re-titled twins of a video published 0-40 days apart`,
);
for (const n of sizes) {
  const { videos, episodes } = catalogue({
    videos: n,
    episodes: n,
    days: 365,
    vocabulary: 3000,
    seed: 42,
  });
  for (let i = 0; i < 5; i++) matchContent(videos, episodes, zone); // warm-up (JIT)
  const runs = Array.from({ length: 9 }, () => time(() => matchContent(videos, episodes, zone)));
  const fast = median(runs.map((r) => r.ms));
  const best = Math.min(...runs.map((r) => r.ms));
  const { matches } = runs[0].result;
  const steps = [1, 2, 3].map((s) => matches.filter((m) => m.step === s).length);
  console.log(`\n${n} videos x ${n} episodes`);
  console.log(
    `  matcher (median of 9)   ${fast.toFixed(1)} ms (best ${best.toFixed(1)} ms)   pairs ${matches.length} (step 1/2/3: ${steps.join("/")})`,
  );
  const ref = time(() => matchAllPairs(videos, episodes, zone));
  const key = (m) => `${m.videoId}:${m.episodeId}:${m.step}`;
  const same =
    ref.result.length === matches.length &&
    new Set(ref.result.map(key)).size === new Set([...ref.result, ...matches].map(key)).size;
  console.log(`  all-pairs reference     ${ref.ms.toFixed(0)} ms   pairs ${ref.result.length}`);
  console.log(`  ratio                   ${(ref.ms / fast).toFixed(0)}x faster`);
  console.log(`  same pairs              ${same ? "yes" : "NO"}`);
  figure(
    "matching",
    `${n} x ${n} matcher (median of 9)`,
    fast,
    "ms",
    n === 2000 ? { target: "< 100 ms", met: fast < 100 } : {},
  );
  figure("matching", `${n} x ${n} all-pairs reference`, ref.ms, "ms");
  figure(
    "matching",
    `${n} x ${n} speed-up, same pairs: ${same ? "yes" : "NO"}`,
    ref.ms / fast,
    "x",
    n === 2000 ? { target: ">= 10x, same pairs", met: ref.ms / fast >= 10 && same } : {},
  );
  // The preview floor (README, multi-channel): pairs that reach the board with the spec's step
  // minimums and the 0.5 filter afterwards, against minimums raised to 0.5 up front.
  const literal = previewMatches(matches).length;
  const floored = matchContent(videos, episodes, zone, { minConfidence: 0.5 }).matches.length;
  console.log(
    `  board pairs: spec minimums then 0.5 filter ${literal}; minimums raised to 0.5 ${floored}`,
  );
  figure(
    "matching",
    `${n} x ${n} pairs on the board (spec then filter / floor)`,
    `${literal} / ${floored}`,
    "",
  );
}
