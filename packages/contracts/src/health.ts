import { z } from 'zod';

export const healthResult = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    products: z.number().int(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });

export type HealthResult = z.infer<typeof healthResult>;

/** What the probes of the storefronts (and of a load balancer) ask: the process and its database answer. */
export const readinessResult = z
  .object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Readiness' });
