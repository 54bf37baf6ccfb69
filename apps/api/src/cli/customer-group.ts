// `npm run customer:group -- <e-mail> <group>`: puts a customer in a customer group (1 retail, 2 wholesale, …).
import { CUSTOMER_GROUPS } from '@shop/contracts';
import { DataDirLockedError, findCustomerByEmail, openDatabase } from '@shop/db';
import { HttpError } from '../http/errors.ts';
import { CLI_ACTOR } from '../modules/admin/audit.ts';
import { changeCustomerGroup } from '../modules/admin-customers/group.ts';
import { loadConfig } from '../config.ts';

const USAGE = `Usage: npm run customer:group -- <e-mail> <group>

Puts the customer with that e-mail in a customer group: its tier prices and the catalogue's and
cart's prices follow at the customer's next request. The groups: ${CUSTOMER_GROUPS.map((g) => `${g.id} = ${g.label}`).join(', ')}.
The change is in the back office's audit log, as made by "cli" (the back office's customer page does the same).`;

const [email, group, ...rest] = process.argv.slice(2);
if (!email || rest.length > 0 || !/^\d+$/.test(group ?? '')) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const found = await findCustomerByEmail(database.db, email);
    const customer = found && (await changeCustomerGroup(database.db, found.id, Number(group), CLI_ACTOR, new Date()));
    if (!customer) {
      console.error(`No customer with the e-mail ${email}`);
      process.exitCode = 1;
    } else {
      console.log(`${customer.email} is now in customer group ${customer.group_id}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof HttpError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exitCode = 1;
  }
}
