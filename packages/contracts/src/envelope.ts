import { z } from 'zod';

/** Every API answer: `{ code, result }`, where `code` repeats the HTTP status. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int(), result });
}

export const errorEnvelope = z
  .object({
    code: z.number().int().meta({ example: 400 }),
    result: z.string().meta({ description: 'What went wrong, naming the field and the problem' }),
  })
  .meta({ id: 'Error' });

export type ApiEnvelope<T> = { code: number; result: T };
