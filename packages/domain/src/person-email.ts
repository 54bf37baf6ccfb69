/**
 * One person's mailbox however the address is written (issue 43): lower case, no `+tag`, and for
 * Gmail no dots and googlemail.com as gmail.com. The twin of the database's `person_email_key`
 * (migration 0019), which counts coupon uses; forms' copies to their sender are capped by it too,
 * so that dot and tag variants of one address never buy more.
 */
export function personEmailKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  const local = (at < 0 ? e : e.slice(0, at)).split('+')[0]!;
  const domain = at < 0 ? '' : e.slice(at + 1);
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}
