import { z } from 'zod';

/*
 * Mailchimp Marketing API v3, list members (mailchimp.com/developer/marketing/api/list-members):
 * what the sandbox accepts and answers. Members are addressed by the MD5 of the lower-cased
 * e-mail; errors are RFC 7807 problem documents.
 */

export const memberStatus = z.enum(['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional', 'archived']);

/** PUT /3.0/lists/{list_id}/members/{subscriber_hash}: add or update. */
export const putMemberRequest = z.object({
  email_address: z.string().min(3),
  status_if_new: memberStatus.exclude(['archived']).optional(),
  status: memberStatus.exclude(['archived']).optional(),
  merge_fields: z.record(z.string(), z.unknown()).optional(),
});

export const member = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  email_address: z.string(),
  unique_email_id: z.string(),
  contact_id: z.string(),
  status: memberStatus,
  list_id: z.string(),
  timestamp_opt: z.string(),
  last_changed: z.string(),
});

export const problem = z.object({
  type: z.string().url(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
