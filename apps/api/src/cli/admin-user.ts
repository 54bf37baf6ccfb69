// `npm run admin:user -- --email E --password P --role owner|staff`: creates or updates a back-office user.
import { parseArgs } from 'node:util';
import { staffUserUpsertBody, staffUserUpsertResult, type StaffUserView } from '@shop/contracts';
import { DataDirLockedError, openDatabase } from '@shop/db';
import { loadConfig, type ApiConfig } from '../config.ts';
import { adminTokenPath, readAdminToken } from '../http/admin-token.ts';
import { describeZodError } from '../http/errors.ts';
import { CLI_ACTOR } from '../modules/admin/audit.ts';
import { presentStaffUser, upsertStaffUser } from '../modules/admin/staff-users.ts';
import { apiAnswers } from './import/sinks.ts';

const USAGE = `Usage: npm run admin:user -- --email <e-mail> --password <password> --role owner|staff [--reset-totp]

Creates the back-office user with that e-mail, or gives the existing one this password and role
(its open sessions end). Roles: owner (everything) and staff (orders, shipping, catalogue and
content; no refunds, no users, no customer data export). The password needs 8 characters with
letters and a digit or symbol, and must not be easy to guess. --reset-totp turns the user's
second factor off (a lost phone and lost recovery codes): they enrol again after signing in.

When the API answers at API_URL (default http://127.0.0.1:$API_PORT) this goes through it (the
embedded database belongs to the running API), authenticated with ADMIN_TOKEN or the token the API
wrote to $DATA_DIR/admin-token; otherwise the database (DATABASE_URL, or the embedded one in
DATA_DIR) is changed directly.`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, 'reset-totp': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return usageError((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const parsed = staffUserUpsertBody.safeParse({ email: values.email, password: values.password, role: values.role, ...(values['reset-totp'] ? { resetTotp: true } : {}) });
if (!parsed.success) usageError(describeZodError('arguments', parsed.error));
const input = parsed.data;

async function throughApi(apiUrl: string, config: ApiConfig): Promise<{ user: StaffUserView; created: boolean }> {
  const token = config.adminToken ?? readAdminToken(config.dataDir);
  if (!token) throw new Error(`The API at ${apiUrl} runs, but there is no admin token: set ADMIN_TOKEN, or run where ${adminTokenPath(config.dataDir)} is readable`);
  const response = await fetch(`${apiUrl}/api/internal/staff-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  const answer = (await response.json().catch(() => undefined)) as { result?: unknown } | undefined;
  if (!response.ok) throw new Error(`The API at ${apiUrl} answered ${response.status}: ${String(answer?.result ?? 'no message')}`);
  return staffUserUpsertResult.parse(answer?.result);
}

async function direct(config: ApiConfig): Promise<{ user: StaffUserView; created: boolean }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const { user, created } = await upsertStaffUser(database.db, input, CLI_ACTOR, new Date());
    return { user: presentStaffUser(user), created };
  } finally {
    await database.close();
  }
}

try {
  const config = loadConfig();
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  const viaApi = await apiAnswers(apiUrl);
  const { user, created } = viaApi ? await throughApi(apiUrl, config) : await direct(config);
  console.log(`${created ? 'Created' : 'Updated'} ${user.role} ${user.email}${viaApi ? ` (through the API at ${apiUrl})` : ''}${user.totpEnabled ? '; TOTP stays on' : ''}`);
} catch (error) {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
