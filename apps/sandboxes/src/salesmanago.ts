import { createHash, randomUUID } from 'node:crypto';
import { router, sendJson, type Handler } from './http.ts';
import { upsertRequest, type UpsertRequest } from './reference/salesmanago.ts';

export interface SalesmanagoSandboxOptions {
  clientId: string;
  apiKey: string;
  apiSecret: string;
  /** The account's users: a contact's owner must be one of them. */
  owners: readonly string[];
}

/** A contact as the sandbox keeps it (what the tests look at). */
export interface SandboxContact {
  contactId: string;
  email: string;
  owner: string;
  name?: string;
  phone?: string;
  company?: string;
  address?: NonNullable<UpsertRequest['contact']['address']>;
  tags: string[];
  properties: Record<string, string>;
  optedIn: boolean;
  lang?: string;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SALESmanago's `POST /api/contact/upsert`, the one call the shop makes: authentication in the
 * body (the SHA-1 of apiKey + clientId + apiSecret), a contact found by e-mail (any case) and
 * created or updated field by field, tags added and removed, opt-in only when forced. Every
 * refusal is HTTP 200 with `success: false`, as SALESmanago answers.
 */
export function salesmanagoSandbox(options: SalesmanagoSandboxOptions): Handler & { contacts(): SandboxContact[] } {
  const contacts = new Map<string, SandboxContact>();
  const refuse = (res: Parameters<Handler>[1], ...message: string[]) => sendJson(res, 200, { success: false, message });

  const handler = router({
    'POST /api/contact/upsert': (req, res) => {
      let json: unknown;
      try {
        json = JSON.parse(req.body);
      } catch {
        return refuse(res, 'Invalid JSON');
      }
      const parsed = upsertRequest.safeParse(json);
      if (!parsed.success) return refuse(res, ...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
      const call = parsed.data;
      if (call.clientId !== options.clientId || call.apiKey !== options.apiKey || call.sha !== sha1(options.apiKey + options.clientId + options.apiSecret)) {
        return refuse(res, 'Not authenticated');
      }
      if (!options.owners.includes(call.owner)) return refuse(res, `Owner ${call.owner} not found`);
      if (!EMAIL.test(call.contact.email)) return refuse(res, 'Invalid email');
      const key = call.contact.email.toLowerCase();
      const before = contacts.get(key);
      const { email, ...fields } = call.contact;
      const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
      const tags = new Set([...(before?.tags ?? []), ...(call.tags ?? []).map((tag) => tag.toUpperCase())]);
      for (const tag of call.removeTags ?? []) tags.delete(tag.toUpperCase());
      const contact: SandboxContact = {
        ...before,
        ...defined,
        contactId: before?.contactId ?? randomUUID(),
        email: before?.email ?? email,
        owner: call.owner,
        tags: [...tags],
        properties: { ...before?.properties, ...call.properties },
        optedIn: call.forceOptOut ? false : call.forceOptIn ? true : (before?.optedIn ?? false),
        ...(call.lang ? { lang: call.lang } : {}),
      };
      contacts.set(key, contact);
      sendJson(res, 200, { success: true, message: [], contactId: contact.contactId });
    },
  });
  return Object.assign(handler, { contacts: () => [...contacts.values()] });
}
