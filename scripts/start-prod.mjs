// `npm run start:prod`: the production topology on one machine (ADR 0024, docs/deploy.md): the
// edge cache (Varnish) on PORT in front of INSTANCES storefront and API processes on the
// PostgreSQL server at DATABASE_URL. Builds the storefront when needed.
import { buildStorefrontIfStale } from './lib/processes.mjs';
import { startProduction } from './lib/topology.mjs';

const port = Number(process.env.PORT ?? 3000);
const instances = Number(process.env.INSTANCES ?? 2);

try {
  if (!Number.isInteger(instances) || instances < 1) throw new Error(`INSTANCES must be a whole number of at least 1, not ${process.env.INSTANCES}`);
  await buildStorefrontIfStale();
  const shop = await startProduction({ port, instances });
  console.log(`\nShop ready on http://localhost:${port} (public address ${shop.publicUrl}) through the edge cache`);
  for (const unit of shop.units) if (unit.health.includes('://')) console.log(`  ${unit.name}: health ${unit.health}${unit.metrics ? `, metrics ${unit.metrics}` : ''}`);
  console.log('');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await shop.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
