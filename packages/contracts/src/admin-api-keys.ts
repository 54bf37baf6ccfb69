import { z } from 'zod';
import { text } from './strings.ts';

/**
 * API keys of the back office (issue #44 point 6, ADR 0030): an accountant's or ERP's program
 * calls the back-office routes that declare a scope with `Authorization: Bearer bpk_<prefix>_<secret>`.
 * The owner creates and revokes them; the whole key is shown once, at creation.
 */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'catalog:write'] as const;
export const apiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

export const API_KEY_MESSAGES = {
  invalid: 'Chiave API non valida o revocata.',
  notAllowed: 'Questa funzione non è disponibile con una chiave API: entra nel back office con e-mail e password.',
  missingScope: 'La chiave API non ha il permesso «{scope}» richiesto da questa funzione.',
  notFound: 'Chiave API non trovata.',
  /** Zod messages: the answer names the field before them. */
  noScopes: 'Scegli almeno un permesso.',
  badName: 'Dai alla chiave un nome da 1 a 100 caratteri.',
} as const;

/** The text an API key's audit entries name as the actor. */
export const apiKeyActor = (name: string) => `chiave API ${name}`;

export const adminApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The visible part of the key (`bpk_<prefix>_…`), to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(apiKeyScope),
    createdAt: z.string(),
    /** Updated at most once a minute. */
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminApiKey' });
export type AdminApiKey = z.infer<typeof adminApiKey>;

/** POST /api/admin/api-keys. */
export const adminApiKeyCreateBody = z.object({
  name: text().trim().min(1, API_KEY_MESSAGES.badName).max(100, API_KEY_MESSAGES.badName),
  scopes: z.array(apiKeyScope).min(1, API_KEY_MESSAGES.noScopes).max(API_KEY_SCOPES.length),
});
export type AdminApiKeyCreateBody = z.infer<typeof adminApiKeyCreateBody>;

/** The created key, with the whole key shown this once (`bpk_<prefix>_<secret>`): only its hash is kept. */
export const adminApiKeyCreated = adminApiKey.extend({ key: z.string() }).meta({ id: 'AdminApiKeyCreated' });
export type AdminApiKeyCreated = z.infer<typeof adminApiKeyCreated>;
