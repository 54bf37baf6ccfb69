import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import { router, sendJson, type Handler, type SandboxRequest } from './http.ts';
import { putMemberRequest, type memberStatus } from './reference/mailchimp.ts';

export interface MailchimpSandboxOptions {
  apiKey: string;
  /** The audiences that exist. */
  listIds: readonly string[];
}

interface Member {
  email: string;
  status: z.infer<typeof memberStatus>;
  uniqueId: string;
  optedAt: string;
  changedAt: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function problem(res: ServerResponse, status: number, title: string, detail: string, errors?: { field: string; message: string }[]) {
  const body = { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: randomBytes(16).toString('hex'), ...(errors ? { errors } : {}) };
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/problem+json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Mailchimp's list members, the part the shop uses: add or update (PUT), read (GET) and archive
 * (DELETE) a member by subscriber hash, with Mailchimp's Basic auth, its 404 for unknown lists
 * and members, and its 400 "Invalid Resource" for a hash that is not the address's or an address
 * it deems fake (here: any on a `.invalid` domain).
 */
export function mailchimpSandbox(options: MailchimpSandboxOptions): Handler {
  const members = new Map<string, Member>();

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    const header = req.headers.authorization ?? '';
    if (!header) {
      problem(res, 401, 'API Key Missing', 'Your request did not include an API key.');
      return false;
    }
    const basic = /^Basic (.+)$/.exec(header)?.[1];
    const key = basic ? Buffer.from(basic, 'base64').toString().split(':').slice(1).join(':') : /^Bearer (.+)$/.exec(header)?.[1];
    if (key === options.apiKey) return true;
    problem(res, 401, 'API Key Invalid', 'Your API key may be invalid, or you have attempted to access the wrong datacenter.');
    return false;
  };

  /** The member route's checks; the member key, or undefined when an answer was sent. */
  const target = (req: SandboxRequest, res: ServerResponse, [listId, hash]: string[]) => {
    if (!authorized(req, res)) return undefined;
    if (!options.listIds.includes(listId!)) {
      problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      return undefined;
    }
    return `${listId}/${hash}`;
  };

  const representation = (listId: string, member: Member) => ({
    id: md5(member.email.toLowerCase()),
    email_address: member.email,
    unique_email_id: member.uniqueId,
    contact_id: md5(`contact:${member.email.toLowerCase()}`),
    status: member.status,
    list_id: listId,
    timestamp_opt: member.optedAt,
    last_changed: member.changedAt,
  });

  return router({
    'PUT /3.0/lists/:list/members/:hash': (req, res, params) => {
      const key = target(req, res, params);
      if (!key) return;
      let json: unknown;
      try {
        json = JSON.parse(req.body);
      } catch {
        return problem(res, 400, 'JSON Parse Exception', "We encountered an unspecified JSON parsing error.");
      }
      const parsed = putMemberRequest.safeParse(json);
      if (!parsed.success) {
        return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated. For field-specific details, see the \'errors\' array.', parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
      }
      const { email_address: email, status, status_if_new: statusIfNew } = parsed.data;
      if (md5(email.toLowerCase()) !== params[1]) return problem(res, 400, 'Invalid Resource', 'The email address does not match the subscriber hash.');
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || /\.invalid$/i.test(email)) {
        return problem(res, 400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
      }
      const existing = members.get(key);
      const next = existing ? (status ?? existing.status) : (statusIfNew ?? status);
      if (!next) return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated.', [{ field: 'status_if_new', message: 'This value should not be blank.' }]);
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
      const member: Member = { email, status: next, uniqueId: existing?.uniqueId ?? randomBytes(5).toString('hex'), optedAt: next === 'subscribed' && existing?.status !== 'subscribed' ? now : (existing?.optedAt ?? ''), changedAt: now };
      members.set(key, member);
      sendJson(res, 200, representation(params[0]!, member));
    },
    'GET /3.0/lists/:list/members/:hash': (req, res, params) => {
      const key = target(req, res, params);
      if (!key) return;
      const member = members.get(key);
      if (!member) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      sendJson(res, 200, representation(params[0]!, member));
    },
    'DELETE /3.0/lists/:list/members/:hash': (req, res, params) => {
      const key = target(req, res, params);
      if (!key) return;
      const member = members.get(key);
      if (!member || member.status === 'archived') return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      members.set(key, { ...member, status: 'archived', changedAt: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00') });
      res.writeHead(204);
      res.end();
    },
  });
}
