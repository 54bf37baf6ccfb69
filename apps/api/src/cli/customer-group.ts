// `npm run customer:group -- <e-mail> <group>`: puts a customer in a customer group (1 retail, 2 wholesale, …).
import { DataDirLockedError, openDatabase, setCustomerGroup } from '@shop/db';
import { ALL_GROUPS_ID, GUEST_GROUP_ID } from '@shop/domain';
import { loadConfig } from '../config.ts';

const USAGE = `Usage: npm run customer:group -- <e-mail> <group>

Puts the customer with that e-mail in a customer group: its tier prices and the catalogue's and
cart's prices follow at the customer's next request (1 = retail, the default; 2 = wholesale).
Group ${GUEST_GROUP_ID} is for shoppers who are not signed in and ${ALL_GROUPS_ID} means all groups: neither can be given.`;

const [email, group, ...rest] = process.argv.slice(2);
const groupId = Number(group);
if (!email || rest.length > 0 || !/^\d+$/.test(group ?? '') || groupId === GUEST_GROUP_ID || groupId >= ALL_GROUPS_ID) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const customer = await setCustomerGroup(database.db, email, groupId);
  await database.close();
  if (!customer) {
    console.error(`No customer with the e-mail ${email}`);
    process.exit(1);
  }
  console.log(`${customer.email} is now in customer group ${customer.group_id}`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
