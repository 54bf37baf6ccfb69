import { describe, expect, it } from 'vitest';
import type { AttributeDoc } from '@shop/domain';
import { attributeValueText, technicalAttributes } from './attributes.ts';

const attribute = (code: string, input: string, extra: Partial<AttributeDoc> = {}): AttributeDoc => ({
  id: 1,
  attribute_id: 200,
  attribute_code: code,
  frontend_input: input,
  default_frontend_label: code.toUpperCase(),
  is_user_defined: true,
  is_visible: true,
  is_visible_on_front: '1',
  is_comparable: '1',
  is_filterable: true,
  position: 0,
  options: [],
  ...extra,
});
const yesNo = { yes: 'Sì', no: 'No' };

describe('attributeValueText', () => {
  const materiale = attribute('materiale', 'multiselect', { options: [{ value: '1', label: 'Acciaio' }, { value: '2', label: 'Legno' }] });

  it('uses option labels for select, multiselect and boolean', () => {
    expect(attributeValueText(attribute('marca', 'select', { options: [{ value: '7', label: 'Sanelli' }] }), '7', yesNo)).toBe('Sanelli');
    expect(attributeValueText(materiale, '1,2', yesNo)).toBe('Acciaio, Legno');
    expect(attributeValueText(attribute('idoneo', 'boolean'), '1', yesNo)).toBe('Sì');
    expect(attributeValueText(attribute('dimensioni', 'text'), '60x40 cm', yesNo)).toBe('60x40 cm');
  });

  it('gives null for unknown options and empty values', () => {
    expect(attributeValueText(materiale, '9', yesNo)).toBeNull();
    expect(attributeValueText(materiale, '', yesNo)).toBeNull();
    expect(attributeValueText(materiale, undefined, yesNo)).toBeNull();
  });
});

describe('technicalAttributes', () => {
  const attributes = [
    attribute('marca', 'select', { position: 2, options: [{ value: '7', label: 'Sanelli' }] }),
    attribute('dimensioni', 'text', { position: 1, default_frontend_label: 'Dimensioni' }),
    attribute('taglia', 'select', { position: 3, is_visible_on_front: '0', options: [{ value: '5', label: 'M' }] }),
    attribute('colore', 'select', { position: 4, options: [{ value: '3', label: 'Rosso' }] }),
    attribute('price', 'price', { is_user_defined: false }),
  ];

  it('lists the visible attributes the product has, by position, without the excluded ones', () => {
    const product = { marca: '7', dimensioni: '60x40', taglia: '5', colore: '3', price: 10 };
    expect(technicalAttributes(product, attributes, yesNo, new Set(['colore']))).toEqual([
      { code: 'dimensioni', label: 'Dimensioni', value: '60x40' },
      { code: 'marca', label: 'MARCA', value: 'Sanelli' },
    ]);
  });
});
