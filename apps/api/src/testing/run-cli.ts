import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the CLIs run as `npm run …` runs them. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the shop's CLIs (`apps/api/src/cli/<script>`) as its own process, with `env` over the test run's. */
export function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${script}`, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
