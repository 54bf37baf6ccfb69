// Debian packages the production topology runs on (ADR 0024), installed by the project's own
// scripts when missing and this user may (root with apt-get); nothing is downloaded otherwise.
import { execFileSync, spawnSync } from 'node:child_process';

/** Whether `command args…` runs (exit status 0). */
export const runs = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/**
 * Installs `packages` unless `present()` already holds; otherwise says what to install. `update`:
 * refresh the package lists first (a fresh container has none).
 */
export function installIfMissing({ name, packages, present, update = false }) {
  if (present()) return;
  const canInstall = process.getuid?.() === 0 && runs('apt-get', ['--version']);
  if (!canInstall) throw new Error(`${name} is not installed: apt-get install ${packages.join(' ')} (as root), then try again`);
  console.log(`Installing ${name} (apt-get install ${packages.join(' ')})…`);
  if (update) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-q', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
