import type { ProductDoc } from '@shop/domain';
import { optionValue } from '../attributes.ts';
import { leafById } from '../departments/index.ts';
import { DAY_MS, formatDateTime } from '../format.ts';
import { assemble, gallery, type BuildState } from './document.ts';
import { CUTTING_BOARD_OPTIONS, customOptionsDoc } from './custom-options.ts';
import { AVAILABLE } from './stock.ts';

/** The storefront has a dedicated page for this product (/tagliere-in-polietilene-su-misura.html). */
export const CUTTING_BOARD_SKU = 'TAGLIERE-SU-MISURA';
const URL_KEY = 'tagliere-in-polietilene-su-misura';
const TAGLIERI = 25;

/** Always document 0 (id 1): a made-to-measure board priced through its custom options. */
export function cuttingBoardDoc(state: BuildState): ProductDoc {
  const ref = leafById(TAGLIERI);
  const createdMs = state.ctx.nowMs - 400 * DAY_MS;
  const doc = assemble(state, {
    index: 0,
    sku: CUTTING_BOARD_SKU,
    type: 'simple',
    ref,
    name: 'Tagliere in polietilene su misura',
    price: 34.9,
    visibility: 4,
    status: 1,
    availability: {
      stock: { item_id: 1, product_id: 1, stock_id: 1, qty: 0, is_in_stock: true, manage_stock: false, min_sale_qty: 1, max_sale_qty: 100, backorders: 0 },
      messaggio_disponibilita: AVAILABLE,
      messaggio_disponibilita_custom: 'Realizzato su misura: spedizione in 5 giorni lavorativi',
    },
    fields: {
      materiale: optionValue('materiale', 'Polietilene HD'),
      norma_sicurezza: optionValue('norma_sicurezza', 'Reg. CE 1935/2004 (MOCA)'),
      idoneo_contatto_alimenti: optionValue('idoneo_contatto_alimenti', 'Sì'),
    },
    copy: {
      description:
        '<p>Il <strong>tagliere in polietilene su misura</strong> viene tagliato e rifinito nel nostro laboratorio secondo le dimensioni che scegli: lunghezza, larghezza, spessore e colore HACCP.</p>' +
        '<p>Polietilene ad alta densità idoneo al contatto con gli alimenti, resistente ai colpi di coltello e mannaia, lavabile in lavastoviglie fino a 90 °C.</p>' +
        '<ul><li><strong>Materiale:</strong> polietilene HD (PE 500)</li><li><strong>Colori HACCP:</strong> bianco, blu, rosso, verde, giallo, marrone</li><li><strong>Lavorazione:</strong> bordi smussati, angoli arrotondati su richiesta</li></ul>',
      short_description: '<p>Tagliere professionale realizzato su misura: scegli dimensioni, spessore e colore HACCP.</p>',
    },
    dates: { createdMs, created_at: formatDateTime(createdMs), updated_at: formatDateTime(createdMs + 120 * DAY_MS) },
    images: gallery(state.rng, ref.department),
    extra: { custom_options: customOptionsDoc(1, CUTTING_BOARD_OPTIONS) },
  });
  return { ...doc, url_key: URL_KEY, slug: URL_KEY, url_path: `${ref.department.urlKey}/${ref.leaf.urlKey}/${URL_KEY}` };
}
