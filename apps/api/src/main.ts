import { DataDirLockedError } from '@shop/db';
import { loadConfig } from './config.ts';
import { startApi } from './start-api.ts';
import { demoOwnerLine } from './modules/admin/demo-owner.ts';

try {
  const config = loadConfig();
  const api = await startApi(config);
  const notice = api.demoOwner ? demoOwnerLine(api.demoOwner, config.shopUrl) : undefined;
  // For a parent that started this process with an IPC channel (startShop): its own word that it
  // listens, and the demo owner's line it prints beside the shop's address; alone, the API prints it.
  if (process.send) process.send({ listening: true, ...(notice ? { notice } : {}) });
  else if (notice) console.log(notice);
  process.channel?.unref();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the API`);
    api.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (error) {
  // Known start-up failures get one clear line, not a stack trace.
  if (error instanceof DataDirLockedError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
}
