import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_MAIL_FROM } from './outbox.ts';

const repoRoot = resolve(import.meta.dirname, '../../../../..');

describe('mail configuration', () => {
  it('writes .eml files into var/outbox of the repository by default', () => {
    const config = loadConfig({}, '/somewhere/else');
    expect(config.mail).toEqual({ outboxDir: join(repoRoot, 'var/outbox'), smtpUrl: undefined, from: DEFAULT_MAIL_FROM, testShop: false });
  });

  it('takes MAIL_OUTBOX_DIR (relative to the working directory), SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig(
      { MAIL_OUTBOX_DIR: 'mails', SMTP_URL: 'smtps://user:secret@smtp.example.com:465', MAIL_FROM: 'Shop <orders@example.com>' },
      '/srv/shop',
    );
    expect(config.mail).toEqual({ outboxDir: '/srv/shop/mails', smtpUrl: 'smtps://user:secret@smtp.example.com:465', from: 'Shop <orders@example.com>', testShop: false });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and a sender without address', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Shop' })).toThrow(/MAIL_FROM/);
  });
});
