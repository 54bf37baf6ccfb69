import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM shared with the scripts that start the API
import { apiNodeArgs } from './memory.mjs';

describe('the API heap settings', () => {
  it('are options this Node takes, and its young generation grows no further than they say', () => {
    const args: string[] = apiNodeArgs({});
    const semiMb = Number(/--max-semi-space-size=(\d+)/.exec(args.join(' '))?.[1]);
    // Short-lived objects by the million, as requests make them; the young generation's largest size seen.
    const program = `const v8 = require('node:v8'); let max = 0, keep = [];
      for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 20000) keep = [];
        if (i % 10000 === 0) max = Math.max(max, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size); }
      console.log(max / 2 ** 20)`;
    // Node exits 9 (and execFileSync throws) on an option it does not know.
    const youngMb = (nodeArgs: string[]) => Number(execFileSync(process.execPath, [...nodeArgs, '-e', program], { encoding: 'utf8' }));
    expect(youngMb(args)).toBe(2 * semiMb);
    expect(youngMb([])).toBeGreaterThan(2 * semiMb);
    expect(args.some((arg) => arg.startsWith('--heap-growing-percent='))).toBe(true);
  });

  it('leave the young generation to NODE_OPTIONS when it sets one', () => {
    expect(apiNodeArgs({ NODE_OPTIONS: '--max-semi-space-size=16' }).some((arg: string) => arg.includes('semi-space'))).toBe(false);
    expect(apiNodeArgs({ NODE_OPTIONS: '--max_semi_space_size=16' }).some((arg: string) => arg.includes('semi'))).toBe(false);
  });

  it('are the ones the systemd unit of docs/deploy.md starts an API with', () => {
    const deploy = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    const execStart = /^ExecStart=\/usr\/bin\/node (.*) apps\/api\/src\/main\.ts$/m.exec(deploy)?.[1];
    expect(execStart).toBe([...apiNodeArgs({}), '--import', 'tsx'].join(' '));
  });
});
