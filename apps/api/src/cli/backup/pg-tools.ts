import { spawn } from 'node:child_process';
import { join } from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore';

/** A PostgreSQL client tool is not installed (or not where PG_BIN_DIR says): said in Italian and in English. */
export class MissingToolError extends Error {
  constructor(tool: PgTool, where: string) {
    super(
      `${tool} non trovato (${where}): installa gli strumenti client di PostgreSQL, della versione del server o più recenti ` +
        `(Debian/Ubuntu: apt-get install postgresql-client), oppure indica la loro cartella con PG_BIN_DIR.\n` +
        `${tool} not found (${where}): install PostgreSQL's client tools, of the server's version or newer ` +
        `(Debian/Ubuntu: apt-get install postgresql-client), or set PG_BIN_DIR to their folder.`,
    );
    this.name = 'MissingToolError';
  }
}

/** Where the tool is run from: PG_BIN_DIR, else the PATH. */
function command(tool: PgTool): { file: string; where: string } {
  const dir = process.env.PG_BIN_DIR;
  return dir ? { file: join(dir, tool), where: `PG_BIN_DIR=${dir}` } : { file: tool, where: 'PATH' };
}

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command line
 * would show in every local user's process list.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs the tool to its end; rejects with its own error output, or with MissingToolError. */
function run(tool: PgTool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { file, where } = command(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' || error.code === 'EACCES' ? new MissingToolError(tool, where) : error));
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${tool} failed (exit code ${code}):\n${output.trim()}${versionHint(output)}`));
    });
  });
}

function versionHint(output: string): string {
  return /server version mismatch|unsupported version/i.test(output) ? '\nInstall the client tools of the server\'s PostgreSQL version (or newer) and point PG_BIN_DIR at them.' : '';
}

/** Checks that the tools answer before anything is written; resolves with their versions. */
export async function requireTools(tools: readonly PgTool[]): Promise<string[]> {
  return Promise.all(tools.map(async (tool) => (await run(tool, ['--version'])).trim()));
}

/** `pg_dump --format=custom` of the database into `file`. */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * `pg_restore` of a custom-format dump into the database: the dump's objects replace any of the
 * same name (--clean --if-exists), owned by whoever restores (--no-owner), in one transaction that
 * stops at the first error, so the target ends up either restored or as it was.
 */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], env);
}
