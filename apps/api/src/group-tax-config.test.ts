import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('CUSTOMER_GROUP_TAX_CLASSES', () => {
  it('maps no group by default: every customer is taxed as a guest is', () => {
    expect(loadConfig({}).groupTaxClasses).toEqual(new Map());
  });

  it('reads group:class pairs, spaces allowed', () => {
    expect(loadConfig({ CUSTOMER_GROUP_TAX_CLASSES: '1:3, 2:4' }).groupTaxClasses).toEqual(new Map([[1, 3], [2, 4]]));
  });

  it('refuses anything else with the variable named', () => {
    for (const bad of ['1=3', '1:3,', 'wholesale:4', '1:x']) {
      expect(() => loadConfig({ CUSTOMER_GROUP_TAX_CLASSES: bad }), bad).toThrow(/CUSTOMER_GROUP_TAX_CLASSES: must be group:class pairs/);
    }
  });
});
