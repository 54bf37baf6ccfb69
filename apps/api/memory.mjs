// The API's heap settings, read where an API process is started (scripts/lib/processes.mjs,
// scripts/lib/topology.mjs, bench/api-process.ts, the unit in docs/deploy.md).
//
// An API's live heap is small (~65 MB at 5,000 products after a forced collection; the search
// index adds ~76 MB at 200,000) but, left to V8's defaults on a large machine, the collector let
// it grow to twice that between full collections, with a 32 MB young generation on top. A
// growing factor of 1.2 and 4 MB semi-spaces keep the heap near its live size for ~8 % more CPU
// (ADR 0024, "API memory", the soaks of 2026-11-30: median RSS 216 MB against 259). No fixed
// heap limit: the index grows with the catalogue (a million products need ~400 MB), and a limit
// would have to follow it.

const HEAP_GROWING_PERCENT = 20;
const SEMI_SPACE_MB = 4;

/** The Node options an API process starts with; a young-generation size in NODE_OPTIONS wins. */
export const apiNodeArgs = (env = process.env) => [
  `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
  ...(/--max[-_]semi[-_]space[-_]size/.test(env.NODE_OPTIONS ?? '') ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
];
