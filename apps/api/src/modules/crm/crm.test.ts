import type { IncomingMessage } from 'node:http';
import type { OrderView } from '@shop/contracts';
import { formatConsent } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { orderContact, signUpContact } from './contacts.ts';
import { CrmSync, type CrmContact } from './crm.ts';

const NOW = Date.UTC(2026, 10, 26);
const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;
const consent = (marketing: boolean, analytics = true) => `bp_consent=${formatConsent({ analytics, marketing }, NOW)}`;

function setup(fail = false) {
  const sent: CrmContact[] = [];
  const warnings: string[] = [];
  const sync = new CrmSync(
    {
      upsert: async (contact) => {
        if (fail) throw new Error('SALESmanago answered HTTP 503');
        sent.push(contact);
      },
    },
    { warn: (line: string) => warnings.push(line), info: () => {}, error: () => {} },
    () => NOW,
  );
  return { sync, sent, warnings };
}

describe('CRM sync', () => {
  it('sends a contact only with marketing consent', async () => {
    const { sync, sent } = setup();
    const contact = signUpContact({ email: 'a@example.it', firstname: 'Mario', lastname: 'Rossi' });
    for (const cookie of [undefined, '', 'other=1', consent(false), consent(false, true), `bp_consent=1.11.${NOW / 1000 - 200 * 86400}`]) sync.contact(request(cookie), contact);
    await sync.idle();
    expect(sent).toEqual([]);
    sync.contact(request(`x=1; ${consent(true, false)}`), contact);
    await sync.idle();
    expect(sent).toEqual([{ email: 'a@example.it', name: 'Mario Rossi', tags: ['REGISTRAZIONE'] }]);
  });

  it('logs a failure without the address and without failing the caller', async () => {
    const { sync, warnings } = setup(true);
    sync.contact(request(consent(true)), { email: 'secret@example.it', tags: ['ORDINE'] });
    await sync.idle();
    expect(warnings).toEqual(['CRM contact upsert failed (ORDINE): SALESmanago answered HTTP 503']);
  });

  it('does nothing without a CRM', async () => {
    const sync = new CrmSync(null);
    sync.contact(request(consent(true)), { email: 'a@example.it', tags: [] });
    await sync.idle();
  });

  it('makes an order\'s buyer a contact without fiscal data', () => {
    const address = { firstname: 'Mario', lastname: 'Rossi', company: 'Trattoria srl', street: ['Via Roma 12'], city: 'Milano', postcode: '20121', country_id: 'IT', telephone: '333 1234567', email: 'm@example.it', vat_id: '00743110157' };
    const order = { email: 'm@example.it', buyer: { isCompany: true, company: 'Trattoria da Mario srl', fiscalCode: '00743110157', vatId: '00743110157' }, billingAddress: address, shippingAddress: address } as unknown as OrderView;
    const contact = orderContact(order);
    expect(contact).toEqual({
      email: 'm@example.it',
      name: 'Mario Rossi',
      phone: '333 1234567',
      company: 'Trattoria da Mario srl',
      address: { streetAddress: 'Via Roma 12', zipCode: '20121', city: 'Milano', country: 'IT' },
      tags: ['ORDINE', 'AZIENDA'],
    });
    expect(JSON.stringify(contact)).not.toContain('00743110157');
  });
});
