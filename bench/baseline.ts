// The before of every figure (issue #46): `BENCH_BASELINE=<git ref> npm run bench` first runs the
// bench of that commit, in a clone of its own under var/bench/baseline/, on this machine with the
// same settings, then this one; each figure is printed with the baseline's beside it. Figures are
// the bench's own lines (`label:` or a load result's name, padded, then the value), read from the
// baseline's summary, so any earlier commit that prints them can be the baseline.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A figure's name within its section ("## 5,000 products (embedded PGlite)") and its value. */
export interface Figure {
  key: string;
  value: string;
}

/**
 * Reads a bench line: a name padded with spaces (ending in `:` or not), then the value, which a
 * name past its padding meets after one space (a value of `p50 …` or `median …`) or after `: `.
 * Section headers, indented notes and blank lines are no figures.
 */
export function parseFigure(section: string, line: string): Figure | undefined {
  const match = /^(\S.*?)\s+((?:p50|median) .*)$/.exec(line) ?? /^(\S.*?)\s{2,}(\S.*)$/.exec(line) ?? /^(\S.*?): (\S.*)$/.exec(line);
  if (!match || line.startsWith('#')) return undefined;
  return { key: `${section} › ${match[1]!.replace(/:$/, '')}`, value: match[2]!.trim() };
}

/** The figures of a bench's printed summary (what follows its `Summary` line), by key. */
export function figuresOf(output: string): Map<string, string> {
  const figures = new Map<string, string>();
  const summary = output.slice(output.lastIndexOf('\nSummary\n') + 1);
  let section = '';
  for (const line of summary.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const figure = parseFigure(section, line);
    if (figure) figures.set(figure.key, figure.value);
  }
  return figures;
}

/** The line as the bench prints it, and under a figure its baseline's value (or that it had none). */
export function withBaseline(section: string, line: string, baseline: { commit: string; figures: Map<string, string> }): string {
  const figure = parseFigure(section, line);
  if (!figure) return line;
  const before = baseline.figures.get(figure.key);
  return `${line}\n${''.padEnd(4)}baseline ${baseline.commit}: ${before ?? '(no such figure)'}`;
}

/**
 * Runs the bench of `ref` and answers its figures: a local clone checked out at that commit
 * (kept for the next run), its packages installed from npm's cache, its output shown as it goes.
 */
export async function runBaseline(repoRoot: string, ref: string): Promise<{ commit: string; figures: Map<string, string> }> {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = join(repoRoot, 'var/bench/baseline', commit);
  if (!existsSync(join(dir, 'node_modules'))) {
    mkdirSync(join(repoRoot, 'var/bench/baseline'), { recursive: true });
    if (!existsSync(dir)) execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, dir], { stdio: 'inherit' });
    execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: dir, stdio: 'inherit' });
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  console.log(`\n# Baseline: the bench of ${commit} (${dir})`);
  const { BENCH_BASELINE: _, ...env } = process.env;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`the baseline's bench (${commit}) exited with ${code}`))));
  });
  console.log(`\n# This commit's bench, each figure with the baseline's (${commit})`);
  return { commit, figures: figuresOf(output) };
}
