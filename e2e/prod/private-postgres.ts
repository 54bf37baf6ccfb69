import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own, which it may stop and start (the shared test server
 * must not be): initdb and pg_ctl run as the `postgres` user, so this needs root and PostgreSQL's
 * server binaries on PATH (Debian: postgresql). `available` says whether they are there.
 */
const pgBin = (name: string) => spawnSync('sh', ['-c', `command -v ${name} || ls /usr/lib/postgresql/*/bin/${name} 2>/dev/null | tail -1`], { encoding: 'utf8' }).stdout.trim().split('\n')[0] ?? '';

export const privatePostgresAvailable = process.getuid?.() === 0 && pgBin('initdb') !== '' && spawnSync('id', ['postgres'], { stdio: 'ignore' }).status === 0;

export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  dispose(): void;
}

export function privatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const asPostgres = (command: string, ...args: string[]) => execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'ignore' });
  asPostgres(pgBin('initdb'), '-D', data, '-A', 'trust', '-U', 'postgres');
  const start = () => asPostgres(pgBin('pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start');
  const stop = () => asPostgres(pgBin('pg_ctl'), '-D', data, '-w', '-m', 'fast', 'stop');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
