// `npm start`: builds the storefront when needed, then serves shop and API on one port.
import { buildStorefrontIfStale, startShop } from './lib/processes.mjs';
import { sandboxPortSetting } from './lib/sandboxes.mjs';

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);

try {
  // The sandboxes listen on SANDBOX_PORT and the next five ports (README "Settings").
  const sandboxPort = sandboxPortSetting(process.env.SANDBOX_PORT);
  await buildStorefrontIfStale();
  const shop = await startShop({ port, apiPort, sandboxPort });
  console.log(`\nShop ready on http://localhost:${port} (public address ${shop.publicUrl}; API behind /api, health at /api/health)`);
  for (const notice of shop.notices) console.log(notice);
  if (shop.sandboxes) {
    const { stripe, alma, paypal, mailchimp, salesmanago, sdi } = shop.sandboxes;
    console.log(
      `Services without credentials use local sandboxes (test environment, no real money, mail or invoice): Stripe ${stripe}, Alma ${alma}, PayPal ${paypal}, Mailchimp ${mailchimp}, SALESmanago ${salesmanago}, SdI intermediary ${sdi}`,
    );
  }
  console.log('');
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    await shop.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // If either process dies, take the other down too: half a shop is no shop.
  shop.api.on('exit', (code) => void stop(code ?? 1));
  shop.web.on('exit', (code) => void stop(code ?? 1));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
