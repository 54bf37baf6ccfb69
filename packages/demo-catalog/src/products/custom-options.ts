import type { CustomOption } from '@shop/domain';

interface ValueSpec {
  title: string;
  price: number;
  priceType: 'fixed' | 'percent';
}

interface OptionSpec {
  title: string;
  /** Magento option types: selectable ones carry values, 'field'/'area' take free text. */
  type: 'drop_down' | 'radio' | 'checkbox' | 'field' | 'area';
  required: boolean;
  values?: readonly ValueSpec[];
  maxCharacters?: number;
}

const fixed = (title: string, price: number): ValueSpec => ({ title, price, priceType: 'fixed' });
const percent = (title: string, price: number): ValueSpec => ({ title, price, priceType: 'percent' });

/**
 * Paid extras offered on some products. Prices sit on option values (option_type_id > 0), the only
 * place the storefront's price rules read them; text fields are free.
 */
const CUSTOM_OPTION_SETS = {
  incisione: [
    { title: 'Incisione nome', type: 'checkbox', required: false, values: [fixed('Incisione laser sulla lama', 5)] },
    { title: 'Testo da incidere', type: 'field', required: false, maxCharacters: 20 },
  ],
  affilatura: [
    { title: 'Affilatura professionale', type: 'checkbox', required: false, values: [percent('Affilatura a mano prima della spedizione', 10)] },
  ],
  montaggio: [
    { title: 'Montaggio', type: 'radio', required: true, values: [fixed('Spedito smontato', 0), fixed('Montaggio in loco', 60)] },
    { title: 'Ruote piroettanti con freno', type: 'checkbox', required: false, values: [fixed('Kit 4 ruote al posto dei piedini', 45)] },
  ],
  consegna: [
    {
      title: 'Consegna e installazione',
      type: 'drop_down',
      required: true,
      values: [
        fixed('Consegna a piano strada', 0),
        fixed('Consegna al piano con facchinaggio', 80),
        percent('Installazione e collaudo', 12),
      ],
    },
    { title: 'Estensione garanzia', type: 'checkbox', required: false, values: [percent('Garanzia estesa a 36 mesi', 8)] },
  ],
} as const satisfies Record<string, readonly OptionSpec[]>;

export type CustomOptionSetKey = keyof typeof CUSTOM_OPTION_SETS;

/** The made-to-measure cutting board (sku TAGLIERE-SU-MISURA) is priced entirely through its options. */
export const CUTTING_BOARD_OPTIONS: readonly OptionSpec[] = [
  {
    title: 'Lunghezza',
    type: 'drop_down',
    required: true,
    values: [fixed('40 cm', 0), fixed('50 cm', 8), fixed('60 cm', 15), fixed('80 cm', 28), fixed('100 cm', 45)],
  },
  {
    title: 'Larghezza',
    type: 'drop_down',
    required: true,
    values: [fixed('30 cm', 0), fixed('40 cm', 10), fixed('50 cm', 20), fixed('60 cm', 30)],
  },
  {
    title: 'Spessore',
    type: 'radio',
    required: true,
    values: [fixed('2 cm', 0), percent('3 cm', 25), percent('4 cm', 50), percent('5 cm', 75)],
  },
  {
    title: 'Colore HACCP',
    type: 'drop_down',
    required: true,
    values: ['Bianco', 'Blu', 'Rosso', 'Verde', 'Giallo', 'Marrone'].map((c) => fixed(c, 0)),
  },
  { title: 'Angoli arrotondati', type: 'checkbox', required: false, values: [fixed('Angoli arrotondati raggio 2 cm', 6)] },
  { title: 'Note di lavorazione', type: 'area', required: false, maxCharacters: 250 },
];

/**
 * Documents for a product's options. Ids derive from the product id (option productId*10+n,
 * value productId*100+n) so they are unique catalogue-wide without a shared counter.
 */
export function customOptionsDoc(productId: number, specs: readonly OptionSpec[]): CustomOption[] {
  let valueSeq = 0;
  return specs.map((spec, i) => {
    const option: CustomOption = {
      option_id: productId * 10 + i,
      title: spec.title,
      type: spec.type,
      is_require: spec.required,
      sort_order: i,
    };
    if (spec.values) {
      option.values = spec.values.map((v, j) => ({
        option_type_id: productId * 100 + valueSeq++,
        title: v.title,
        price: v.price,
        price_type: v.priceType,
        sort_order: j,
      }));
    } else {
      option.price = 0;
      option.price_type = 'fixed';
      if (spec.maxCharacters) Object.assign(option, { max_characters: spec.maxCharacters });
    }
    return option;
  });
}

export function optionSetSpecs(keys: readonly CustomOptionSetKey[]): OptionSpec[] {
  return keys.flatMap((key): readonly OptionSpec[] => CUSTOM_OPTION_SETS[key]);
}
