import type { AttributeDoc } from '@shop/domain';
import { DEPARTMENTS } from './departments/index.ts';
import { PRODUCT_TAX_CLASS } from './tax-rules.ts';

/** Italian technical attributes the generator writes on products (top-level fields, as in VSF). */
export type AttributeCode =
  | 'marca'
  | 'colore'
  | 'materiale'
  | 'spessore'
  | 'taglia'
  | 'alimentazione'
  | 'capacita'
  | 'dimensioni'
  | 'potenza'
  | 'lunghezza_lama'
  | 'classe_energetica'
  | 'temperatura'
  | 'norma_sicurezza'
  | 'idoneo_contatto_alimenti';

interface AttributeDef {
  id: number;
  code: string;
  label: string;
  input: 'select' | 'multiselect' | 'text' | 'price' | 'boolean';
  userDefined: boolean;
  /** Offered as a layered-navigation filter. */
  filterable: boolean;
  /** Shown in the comparison table and the product's technical sheet. */
  comparable: boolean;
  options?: readonly string[];
}

const brandNames = [
  ...new Set(DEPARTMENTS.flatMap((d) => [d, ...d.leaves].flatMap((s) => Object.keys(s.brands ?? {})))),
].sort((a, b) => a.localeCompare(b, 'it'));

/** Option value ids are `attribute_id * 100 + n`, so an id tells which attribute it belongs to. */
const DEFS: readonly AttributeDef[] = [
  { id: 77, code: 'price', label: 'Prezzo', input: 'price', userDefined: false, filterable: true, comparable: false },
  { id: 134, code: 'tax_class_id', label: 'Classe IVA', input: 'select', userDefined: false, filterable: false, comparable: false },
  { id: 200, code: 'marca', label: 'Marca', input: 'select', userDefined: true, filterable: true, comparable: true, options: brandNames },
  {
    id: 201, code: 'colore', label: 'Colore', input: 'select', userDefined: true, filterable: true, comparable: true,
    options: ['Bianco', 'Nero', 'Rosso', 'Blu', 'Verde', 'Giallo', 'Marrone', 'Grigio', 'Arancione', 'Azzurro', 'Viola', 'Rosa', 'Acciaio satinato'],
  },
  {
    id: 202, code: 'materiale', label: 'Materiale', input: 'multiselect', userDefined: true, filterable: true, comparable: true,
    options: [
      'Acciaio inox', 'Acciaio inox AISI 304', 'Acciaio inox AISI 430', 'Acciaio al carbonio', 'Acciaio al molibdeno-vanadio',
      'Alluminio', 'Ferro blu', 'Rame', 'Ghisa', 'Polipropilene', 'Polietilene HD', 'Policarbonato', 'Plastica ABS', 'POM',
      'Legno', 'Nitrile', 'Lattice', 'Vinile', 'Polietilene', 'PVC', 'Poliuretano', 'EVA', 'Microfibra', 'Pelle',
      'Dyneema', "Maglia d'acciaio", 'Neoprene', 'Poliestere', 'Silicone', 'Vetro', 'Ceramica', 'Diamante', 'Poliammide/polietilene',
    ],
  },
  {
    id: 203, code: 'spessore', label: 'Spessore', input: 'select', userDefined: true, filterable: false, comparable: true,
    options: ['0,06 mm', '0,08 mm', '0,10 mm', '0,12 mm', '70 micron', '90 micron', '120 micron', '0,8 mm', '1 mm', '1,2 mm', '1,5 mm', '2 mm', '3 mm', '1 cm', '1,5 cm', '2 cm', '3 cm', '4 cm', '5 cm'],
  },
  {
    id: 204, code: 'taglia', label: 'Taglia', input: 'select', userDefined: true, filterable: true, comparable: false,
    options: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46', '47', '48'],
  },
  {
    id: 205, code: 'alimentazione', label: 'Alimentazione', input: 'select', userDefined: true, filterable: true, comparable: true,
    options: ['230V monofase', '400V trifase', '230V/400V', 'Gas metano', 'GPL', 'Batteria ricaricabile', 'Batteria AAA', 'Batteria 9V', 'Batteria CR2032', '230V / batteria', 'Manuale'],
  },
  {
    id: 206, code: 'capacita', label: 'Capacità', input: 'select', userDefined: true, filterable: true, comparable: true,
    options: [
      '0,5 L', '0,75 L', '1 L', '2 L', '3 L', '5 L', '7 L', '9 L', '10 L', '12 L', '15 L', '20 L', '25 L', '30 L', '35 L', '50 L', '70 L', '100 L',
      '130 L', '140 L', '200 L', '260 L', '300 L', '400 L', '500 L', '600 L', '700 L', '900 L', '1400 L',
      '600 g', '3 kg', '6 kg', '15 kg', '25 kg', '30 kg', '60 kg', '150 kg', '300 kg', '600 kg',
      '50 kg/h', '100 kg/h', '150 kg/h', '250 kg/h', '300 kg/h', '450 kg/h', '600 kg/h', '800 kg/h',
      '25 kg/24h', '50 kg/24h', '90 kg/24h', '150 kg/24h',
      '3 teglie GN 1/1', '5 teglie GN 1/1', '7 teglie GN 1/1', '10 teglie GN 1/1', '15 teglie GN 1/1',
      '10 pz', '50 pz', '100 pz', '200 pz', '500 pz', '1000 pz',
    ],
  },
  { id: 207, code: 'dimensioni', label: 'Dimensioni', input: 'text', userDefined: true, filterable: false, comparable: true },
  {
    id: 208, code: 'potenza', label: 'Potenza', input: 'select', userDefined: true, filterable: false, comparable: true,
    options: ['20 W', '65 W', '100 W', '150 W', '250 W', '370 W', '550 W', '750 W', '900 W', '1,1 kW', '1,5 kW', '2,2 kW', '3 kW', '4 kW', '5,5 kW', '7,5 kW'],
  },
  {
    id: 209, code: 'lunghezza_lama', label: 'Lunghezza lama', input: 'select', userDefined: true, filterable: true, comparable: true,
    options: ['7 cm', '8 cm', '10 cm', '11 cm', '12 cm', '13 cm', '14 cm', '15 cm', '16 cm', '18 cm', '20 cm', '21 cm', '22 cm', '23 cm', '24 cm', '25 cm', '26 cm', '28 cm', '30 cm', '31 cm', '33 cm', '36 cm'],
  },
  {
    id: 210, code: 'classe_energetica', label: 'Classe energetica', input: 'select', userDefined: true, filterable: true, comparable: true,
    options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
  },
  {
    id: 211, code: 'temperatura', label: 'Temperatura di esercizio', input: 'select', userDefined: true, filterable: false, comparable: true,
    options: [
      '-50/+300 °C', '-40/+200 °C', '-60/+500 °C', '-30/+70 °C', '-40/+70 °C', '-2/+8 °C', '0/+10 °C', '+2/+8 °C', '-2/+10 °C',
      '-18/-22 °C', '-10/-25 °C', '+90/-18 °C', '+30/+90 °C', '+55/+85 °C', '0/+40 °C', '-30 °C', '+250 °C',
    ],
  },
  {
    id: 212, code: 'norma_sicurezza', label: 'Norme e certificazioni', input: 'multiselect', userDefined: true, filterable: false, comparable: true,
    options: [
      'EN 388', 'EN ISO 13997', 'EN 1082-1', 'EN ISO 374-1', 'EN 455', 'EN 511', 'EN 407', 'EN ISO 20345 S2', 'EN ISO 20345 S3',
      'EN ISO 20345 S4', 'EN ISO 20345 S5', 'EN ISO 20347 O2', 'SRC antiscivolo', 'Reg. CE 1935/2004 (MOCA)', 'Marcatura CE',
      'EN 12830', 'Omologazione metrica MID', 'NSF', 'Presidio medico chirurgico', 'EN 1276',
    ],
  },
  { id: 213, code: 'idoneo_contatto_alimenti', label: 'Idoneo al contatto con alimenti', input: 'boolean', userDefined: true, filterable: true, comparable: true },
];

const TAX_CLASS_OPTIONS: readonly [string, string][] = [
  ['Nessuna', '0'],
  ['IVA 22%', String(PRODUCT_TAX_CLASS.standard)],
  ['IVA 10%', String(PRODUCT_TAX_CLASS.reduced)],
  ['IVA 4%', String(PRODUCT_TAX_CLASS.superReduced)],
];

function optionsOf(def: AttributeDef): { label: string; value: string; sort_order: number }[] {
  if (def.code === 'tax_class_id') return TAX_CLASS_OPTIONS.map(([label, value], i) => ({ label, value, sort_order: i }));
  if (def.input === 'boolean') return [{ label: 'Sì', value: '1', sort_order: 0 }, { label: 'No', value: '0', sort_order: 1 }];
  const labels = def.options ?? [];
  if (labels.length > 99) throw new Error(`Attribute ${def.code}: too many options for the id scheme`);
  return labels.map((label, i) => ({ label, value: String(def.id * 100 + i + 1), sort_order: i }));
}

const BACKEND_TYPE: Record<AttributeDef['input'], string> = {
  select: 'int',
  boolean: 'int',
  multiselect: 'varchar',
  text: 'varchar',
  price: 'decimal',
};

export function buildAttributes(): AttributeDoc[] {
  return DEFS.map((def, position) => ({
    id: def.id,
    attribute_id: def.id,
    attribute_code: def.code,
    frontend_input: def.input,
    backend_type: BACKEND_TYPE[def.input],
    default_frontend_label: def.label,
    is_user_defined: def.userDefined,
    is_visible: true,
    is_visible_on_front: def.comparable ? '1' : '0',
    is_comparable: def.comparable ? '1' : '0',
    is_filterable: def.filterable,
    is_filterable_in_search: def.filterable,
    is_searchable: def.code === 'marca' ? '1' : '0',
    used_in_product_listing: def.userDefined ? '0' : '1',
    position,
    options: optionsOf(def),
  }));
}

const OPTION_VALUES = new Map<string, Map<string, string>>(
  DEFS.map((def) => [def.code, new Map(optionsOf(def).map((o) => [o.label, o.value]))]),
);

/** The option id for a label; throws on a typo in the data tables rather than writing a dangling id. */
export function optionValue(code: AttributeCode | 'tax_class_id', label: string): string {
  const value = OPTION_VALUES.get(code)?.get(label);
  if (value === undefined) throw new Error(`Unknown option "${label}" for attribute ${code}`);
  return value;
}

const DEF_BY_CODE = new Map(DEFS.map((def) => [def.code, def]));

function defOf(code: AttributeCode): AttributeDef {
  const def = DEF_BY_CODE.get(code);
  if (!def) throw new Error(`Unknown attribute ${code}`);
  return def;
}

export const attributeInput = (code: AttributeCode): AttributeDef['input'] => defOf(code).input;
export const attributeId = (code: AttributeCode): number => defOf(code).id;
export const attributeLabel = (code: AttributeCode): string => defOf(code).label;
