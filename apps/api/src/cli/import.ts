// `npm run catalog:import -- <files or folders>`: imports Vue Storefront 1 index dumps.
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '@shop/db';
import { loadConfig } from '../config.ts';
import { adminTokenPath, readAdminToken } from '../http/admin-token.ts';
import { listDumpFiles } from './import/dump-files.ts';
import { Progress } from './import/progress.ts';
import { formatReport } from './import/report.ts';
import { runImport } from './import/run-import.ts';
import { apiAnswers, apiSink, databaseSink, type ImportSink } from './import/sinks.ts';

const USAGE = `Usage: npm run catalog:import -- <file or folder>...

Imports Vue Storefront 1 index dumps (Elasticsearch hits one per line, JSON arrays, single
objects, bulk files) of products, categories, attributes, tax rules, reviews, CMS pages and
blocks. Folders are searched for *.json, *.ndjson, *.jsonl and *.bulk files. Existing
documents are updated, equal ones left alone; nothing is deleted.

When the API answers at API_URL (default http://127.0.0.1:$API_PORT) the documents go
through it, authenticated with ADMIN_TOKEN or the token the API wrote to $DATA_DIR/admin-token;
otherwise the database (DATABASE_URL, or the embedded one in DATA_DIR) is written directly.

Exit code: 0 when the run completed (even with skipped records), 1 on errors, 2 on bad usage.`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseCommandLine() {
  try {
    return parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    return usageError((error as Error).message);
  }
}

const args = parseCommandLine();
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.positionals.length === 0) usageError('Name at least one dump file or folder.');

/** The running API if one answers, else the database itself. */
async function openSink(): Promise<ImportSink> {
  const config = loadConfig();
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  if (!(await apiAnswers(apiUrl))) {
    return databaseSink(config).catch((error: unknown) => {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new Error(`${error.message}\nNo API answered at ${apiUrl}: if that process is the API, set API_URL to its address.`);
    });
  }
  const token = config.adminToken ?? readAdminToken(config.dataDir);
  if (!token) throw new Error(`The API at ${apiUrl} runs, but there is no admin token: set ADMIN_TOKEN, or run where ${adminTokenPath(config.dataDir)} is readable`);
  return apiSink(apiUrl, token);
}

let sink: ImportSink | undefined;
try {
  const files = await listDumpFiles(args.positionals);
  sink = await openSink();
  const progress = new Progress(files.reduce((n, f) => n + f.bytes, 0));
  const summary = await runImport(files, sink, progress);
  console.log(formatReport(summary));
  process.exitCode = summary.fatal ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await sink?.close();
}
