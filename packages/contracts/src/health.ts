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
