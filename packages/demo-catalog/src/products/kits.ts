/** Bundle kits: a parent sold as a set, each option filled with real simple products of a subcategory. */

interface KitOption {
  title: string;
  leafId: number;
  type: 'select' | 'radio' | 'checkbox';
  qty: number;
  required: boolean;
  canChangeQty: boolean;
}

export interface BundleKit {
  name: string;
  /** Subcategory the kit itself is listed in. */
  leafId: number;
  options: readonly KitOption[];
}

const option = (title: string, leafId: number, qty = 1, extra: Partial<KitOption> = {}): KitOption => ({
  title,
  leafId,
  type: 'radio',
  qty,
  required: true,
  canChangeQty: qty > 1,
  ...extra,
});

export const BUNDLE_KITS: readonly BundleKit[] = [
  {
    name: 'Kit macelleria professionale',
    leafId: 23,
    options: [
      option('Coltello da disosso', 22),
      option('Coltello da macellaio', 23),
      option('Guanto antitaglio', 31, 1, { type: 'select' }),
      option('Acciaino', 24, 1, { required: false }),
    ],
  },
  {
    name: 'Kit HACCP per la cucina',
    leafId: 61,
    options: [
      option('Termometro a sonda', 61),
      option('Guanti monouso', 32, 3),
      option('Sanificante', 122, 2, { type: 'select' }),
    ],
  },
  {
    name: 'Kit sottovuoto per ristorante',
    leafId: 82,
    options: [option('Macchina sottovuoto', 82), option('Buste sottovuoto', 83, 5, { type: 'checkbox' })],
  },
  {
    name: 'Postazione disosso completa',
    leafId: 22,
    options: [
      option('Coltello da disosso', 22),
      option('Tagliere', 25),
      option('Guanto antitaglio', 31),
      option('Stivali', 41, 1, { required: false }),
    ],
  },
  {
    name: 'Kit insaccatura',
    leafId: 72,
    options: [option('Insaccatrice', 72), option('Budello naturale', 74, 3), option('Accessori', 73, 1, { type: 'checkbox', required: false })],
  },
  {
    name: 'Kit pulizia cucina professionale',
    leafId: 121,
    options: [
      option('Sgrassatore', 121, 2),
      option('Sanificante', 122, 2),
      option('Accessori per la pulizia', 124, 3, { type: 'checkbox' }),
    ],
  },
  {
    name: 'Batteria di pentole per ristorante',
    leafId: 111,
    options: [option('Pentola alta', 111), option('Casseruola', 111), option('Padella', 112, 2), option('Utensili', 114, 3, { type: 'checkbox', required: false })],
  },
];

export const KIT_EDITIONS = ['Base', 'Plus', 'Pro', 'Completo', 'Starter'] as const;
