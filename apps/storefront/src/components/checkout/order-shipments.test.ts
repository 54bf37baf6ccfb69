import { sampleOrder } from '@shop/contracts/sample-order';
import { orderView } from '@shop/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import it_ from '../../../messages/it.json';
import { ORDER_SHIPMENT_TEXTS, OrderShipments } from './OrderShipments.tsx';

const texts = Object.fromEntries(ORDER_SHIPMENT_TEXTS.map((name) => [name, it_[`account.${name}` as keyof typeof it_]]));
const render = (overrides: Parameters<typeof sampleOrder>[0]) => renderToStaticMarkup(createElement(OrderShipments, { order: orderView.parse(sampleOrder(overrides)), texts, heading: 'h2' }));

describe('OrderShipments', () => {
  it('shows a partial shipment with its tracking link, parcels and lines', () => {
    const html = render({
      status: 'processing',
      shippingStatus: 'partially_shipped',
      shipments: [{ createdAt: '2026-11-27T09:30:00Z', carrier: 'BRT', trackingNumber: 'BRT-1', trackingUrl: 'https://tracking.example/BRT-1', parcels: 2, lines: [{ sku: 'PAN', name: 'Teglia', qty: 3 }] }],
    });
    expect(html).toContain('<h2 id="order-shipments">Spedizioni</h2>');
    expect(html).toContain('<strong>Spedito in parte</strong>');
    expect(html).toContain('Spedito il 27/11/2026 con BRT: 2 colli, tracciamento n. BRT-1.');
    expect(html).toContain('<a href="https://tracking.example/BRT-1" target="_blank" rel="noopener noreferrer" aria-label="Segui la spedizione BRT-1 sul sito di BRT (si apre in una nuova scheda)">Segui la spedizione</a>');
    expect(html).toContain('<li>3 × Teglia</li>');
  });

  it('says a refunded payment, and nothing about shipments before there are any', () => {
    expect(render({ payment: { ...sampleOrder().payment, status: 'refunded' } })).toBe('<p data-testid="order-refunded">Pagamento rimborsato.</p>');
    expect(render({})).toBe('');
  });
});
