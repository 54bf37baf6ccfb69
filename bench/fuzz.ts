// The long fuzz run of the API (issue #17): the test CI runs bounded, with BENCH_FUZZ_RUNS requests
// per operation of /api/openapi.json (default 1000) and a new seed each time unless FUZZ_SEED is set;
// the seed is printed, so a failure can be replayed with the same FUZZ_RUNS and FUZZ_SEED.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { repoRoot } from '../scripts/lib/processes.mjs';

const FUZZ_TEST = 'apps/api/src/testing/fuzz/openapi.fuzz.api.test.ts';

export async function benchFuzz(say: (line: string) => void): Promise<void> {
  const runs = process.env.BENCH_FUZZ_RUNS ?? '1000';
  const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const vitest = spawn(process.execPath, [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', FUZZ_TEST], {
      cwd: repoRoot,
      env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    vitest.on('error', reject);
    vitest.on('exit', resolve);
  });
  const outcome = exitCode === 0 ? 'no 5xx, every 4xx a readable envelope' : 'FAILED (counterexample above)';
  say(`API fuzz, ${runs} requests per operation, seed ${seed}:`.padEnd(58) + ` ${outcome}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
