import type { LeafRef } from '../departments/index.ts';
import type { Rng } from '../rng.ts';

const PLACES = [
  'macellerie e salumifici',
  'cucine di ristoranti e hotel',
  'laboratori alimentari',
  'gastronomie e rosticcerie',
  'mense e catering',
  'pasticcerie e panifici',
  'supermercati e reparti freschi',
  'pescherie',
];

// Templates avoid gendered participles: the product name may be masculine or feminine.
const OPENERS: readonly ((name: string, place: string) => string)[] = [
  (n, p) => `<strong>${n}</strong>: una scelta affidabile per ${p}, dove servono robustezza, igiene e prestazioni costanti.`,
  (n, p) => `Per ${p} che cercano qualità professionale, <strong>${n}</strong> garantisce prestazioni costanti giorno dopo giorno.`,
  (n, p) => `<strong>${n}</strong> è la soluzione professionale per ${p}: affidabilità, facilità di pulizia e lunga durata.`,
  (n, p) => `Chi lavora in ${p} trova in <strong>${n}</strong> uno strumento di lavoro affidabile e semplice da usare.`,
];

const CLOSINGS = [
  'Prezzo IVA esclusa. Spedizione in tutta Italia in 2-3 giorni lavorativi.',
  'Per ordini di grandi quantità contatta il nostro ufficio commerciale per un preventivo dedicato.',
  'Tutti i prodotti sono coperti dalla garanzia legale e dall\'assistenza del nostro servizio clienti.',
  'Fattura elettronica disponibile per aziende e professionisti.',
];

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Italian HTML description and short description from the subcategory copy and the product's specs. */
export function productCopy(
  rng: Rng,
  { department, leaf }: LeafRef,
  name: string,
  specs: readonly [string, string][],
): { description: string; short_description: string } {
  const safeName = escapeHtml(name);
  const points = rng.pickSome(department.sellingPoints, 2);
  const specList = specs.length
    ? `<ul>${specs.map(([label, value]) => `<li><strong>${label}:</strong> ${escapeHtml(value)}</li>`).join('')}</ul>`
    : '';
  return {
    description:
      `<p>${rng.pick(OPENERS)(safeName, rng.pick(PLACES))} ${leaf.blurb}</p>` +
      `<p>${points.join(' ')}</p>${specList}<p>${rng.pick(CLOSINGS)}</p>`,
    short_description: `<p>${rng.pick(department.sellingPoints)}</p>`,
  };
}
