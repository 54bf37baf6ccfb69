import type { ProductDoc, ReviewDoc } from '@shop/domain';
import type { CatalogContext } from './context.ts';
import { DEPARTMENTS } from './departments/index.ts';
import { formatDateTime } from './format.ts';
import { deriveSeed, Rng } from './rng.ts';

const NICKNAMES = [
  'Marco B.', 'Giulia R.', 'Macelleria Rossi', 'Chef Andrea', 'Trattoria da Nino', 'Pasticceria Dolce Forno', 'Luca T.',
  'Salumificio Val Seriana', 'Francesca M.', 'Ristorante Il Pozzo', 'Gastronomia Bianchi', 'Paolo', 'Antonella C.',
  'Hotel Miramare', 'Mensa aziendale Nord', 'Davide S.', 'Roberto F.', 'Sara L.', 'Pizzeria Vesuvio', 'Bar Centrale',
  'Caseificio San Giorgio', 'Alessandro P.', 'Elena V.', 'Minimarket Sole', 'Pescheria Adriatica', 'Giorgio', 'Chiara D.',
  'Agriturismo Le Querce', 'Catering Eventi Blu', 'Stefano G.',
];

const TITLES: Record<number, readonly string[]> = {
  5: ['Ottimo acquisto', 'Perfetto per il nostro laboratorio', 'Qualità professionale', 'Consigliatissimo', 'Eccellente rapporto qualità prezzo', 'Lo ricomprerei'],
  4: ['Molto buono', 'Soddisfatto', 'Buon prodotto', 'Fa il suo lavoro', 'Buona qualità'],
  3: ['Nella media', 'Discreto', 'Senza infamia e senza lode', 'Va bene, con qualche riserva'],
  2: ['Qualche difetto', 'Mi aspettavo di più', 'Non del tutto soddisfatto'],
  1: ['Deludente', 'Non lo consiglio', 'Arrivato danneggiato'],
};

const OPENINGS: Record<number, readonly string[]> = {
  5: ['Prodotto eccellente, all\'altezza delle aspettative.', 'Qualità davvero professionale.', 'Lo usiamo tutti i giorni e siamo molto contenti.'],
  4: ['Buon prodotto, conforme alla descrizione.', 'Nel complesso soddisfatti dell\'acquisto.', 'Fa quello che promette.'],
  3: ['Prodotto discreto per il prezzo.', 'Funziona, ma niente di eccezionale.', 'Qualità nella media.'],
  2: ['Le finiture potrebbero essere migliori.', 'Dopo poche settimane mostra già segni di usura.', 'Non è all\'altezza di quanto descritto.'],
  1: ['Il pacco è arrivato con il prodotto danneggiato.', 'Non funziona come dovrebbe.', 'Qualità molto inferiore alle aspettative.'],
};

const CLOSINGS = [
  'Spedizione veloce e imballo curato.',
  'Consegna in due giorni, tutto perfetto.',
  'Assistenza clienti gentile e disponibile.',
  'Fattura arrivata subito via email.',
  '',
];

const REVIEWED_SHARE = 0.4;
const DEPARTMENT_BY_ID = new Map(DEPARTMENTS.map((d) => [d.id, d]));

const parseVsfDate = (value: string): number => Date.parse(`${value.replace(' ', 'T')}Z`);

function rating(rng: Rng): number {
  const r = rng.next();
  return r < 0.45 ? 5 : r < 0.75 ? 4 : r < 0.87 ? 3 : r < 0.95 ? 2 : 1;
}

/**
 * Reviews for about 40% of visible, enabled products, mostly approved (status 1) with some pending
 * (status 2). Each product draws from its own stream and review ids are product id × 10 + n, so
 * reviews can be generated chunk by chunk alongside the products.
 */
export function generateReviews(ctx: CatalogContext, products: Iterable<ProductDoc>): ReviewDoc[] {
  const reviews: ReviewDoc[] = [];
  for (const product of products) {
    if (product.visibility !== 4 || product.status !== 1) continue;
    const rng = new Rng(deriveSeed(ctx.seed, 0x5e71e3, product.id));
    if (!rng.chance(REVIEWED_SHARE)) continue;
    // A product's first category is its department (see products/build.ts).
    const phrases = DEPARTMENT_BY_ID.get(Number(product.category_ids?.[0]))?.reviewPhrases ?? [];
    const createdMs = product.created_at ? parseVsfDate(product.created_at) : ctx.nowMs;
    const count = 1 + Math.floor(rng.next() ** 2 * 6);
    for (let n = 0; n < count; n++) {
      const value = rating(rng);
      const middle = value >= 3 && phrases.length > 0 ? rng.pick(phrases) : '';
      reviews.push({
        id: product.id * 10 + n,
        product_id: product.id,
        title: rng.pick(TITLES[value] ?? []),
        detail: [rng.pick(OPENINGS[value] ?? []), middle, rng.pick(CLOSINGS)].filter(Boolean).join(' '),
        nickname: rng.pick(NICKNAMES),
        review_entity: 'product',
        review_status: rng.chance(0.9) ? 1 : 2,
        created_at: formatDateTime(createdMs + Math.floor(rng.next() * ((ctx.nowMs - createdMs) / 1000)) * 1000),
        store_id: 1,
        stores: [0, 1],
        ratings: [{ percent: value * 20, value, rating_code: 'Valutazione' }],
      });
    }
  }
  return reviews;
}
