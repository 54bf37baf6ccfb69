/** SERVER: the contact form's texts, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';

const FORM = {
  heading: 'contact.heading',
  intro: 'contact.intro',
  name: 'contact.name',
  email: 'contact.email',
  phone: 'contact.phone',
  company: 'contact.company',
  subject: 'contact.subject',
  message: 'contact.message',
  optional: 'contact.optional',
  privacy: 'contact.privacy',
  privacyLink: 'contact.privacyLink',
  submit: 'contact.submit',
  sending: 'contact.sending',
  sent: 'contact.sent',
  sentNoCopy: 'contact.sentNoCopy',
  errorSummary: 'contact.errorSummary',
  errorName: 'contact.error.name',
  errorEmail: 'contact.error.email',
  errorPhone: 'contact.error.phone',
  errorCompany: 'contact.error.company',
  errorSubject: 'contact.error.subject',
  errorMessage: 'contact.error.message',
  tooMany: 'contact.tooMany',
  failed: 'contact.failed',
} as const;

export type ContactFormTexts = Record<keyof typeof FORM, string>;
export const contactFormTexts = (): ContactFormTexts => lookUpTexts(FORM);
