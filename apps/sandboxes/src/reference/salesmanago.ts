import { z } from 'zod';

/*
 * SALESmanago's contact upsert (integrations-security-legal.md §3.3, from the community client
 * github.com/haloween/salesmanago-python-api; to be confirmed with the vendor's documentation
 * before going live): what the sandbox accepts and answers. Every call authenticates in its body
 * with clientId, apiKey, requestTime and sha = SHA-1(apiKey + clientId + apiSecret). Failures
 * are HTTP 200 with `success: false` and the reasons in `message`.
 */

const address = z.object({
  streetAddress: z.string().optional(),
  zipCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
});

/** POST /api/contact/upsert */
export const upsertRequest = z.object({
  clientId: z.string().min(1),
  apiKey: z.string().min(1),
  /** Milliseconds since the epoch. */
  requestTime: z.number().int(),
  sha: z.string().regex(/^[0-9a-f]{40}$/),
  /** The SALESmanago user (an e-mail) who owns the contact. */
  owner: z.string().min(3),
  contact: z.object({
    email: z.string().min(3),
    name: z.string().optional(),
    phone: z.string().optional(),
    company: z.string().optional(),
    address: address.optional(),
  }),
  tags: z.array(z.string()).optional(),
  removeTags: z.array(z.string()).optional(),
  forceOptIn: z.boolean().optional(),
  forceOptOut: z.boolean().optional(),
  properties: z.record(z.string(), z.string()).optional(),
  lang: z.string().optional(),
});
export type UpsertRequest = z.infer<typeof upsertRequest>;

export const upsertAnswer = z.object({
  success: z.boolean(),
  message: z.array(z.string()),
  contactId: z.string().optional(),
});
