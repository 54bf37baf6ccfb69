import { z } from 'zod';
import { freeText, text } from './strings.ts';
import { UNSAFE_HTML_MESSAGE } from './unsafe-html.ts';

/**
 * The shop's content in the back office (issue #45 point 4): CMS pages (the legal pages, the
 * static pages' texts) and blocks (the home's hero and points, the category banners), read and
 * written by staff or by a program with a `catalog:write` key, and the seller's identity as the
 * configuration sets it (read only). Content is HTML: what could run script is refused, the rest
 * is normalised by the CMS sanitiser, which the shop applies again when it renders.
 */
export const ADMIN_CONTENT_MESSAGES = {
  pageNotFound: 'Pagina non trovata.',
  blockNotFound: 'Blocco non trovato.',
  pageIdentifierTaken: 'identifier: esiste già una pagina con questo identificativo.',
  blockIdentifierTaken: 'identifier: esiste già un blocco con questo identificativo.',
  /** Zod messages: the answer names the field before them. */
  identifier: 'l’identificativo va da 1 a 100 caratteri: lettere minuscole, cifre, trattino o trattino basso, e comincia con una lettera o una cifra (per esempio chi-siamo).',
  title: 'il titolo è obbligatorio, al massimo 255 caratteri su una riga.',
  content: 'il contenuto è testo HTML di al massimo 200.000 caratteri.',
  contentHeading: 'il titolo della pagina può avere al massimo 255 caratteri su una riga.',
  metaTitle: 'il titolo per i motori di ricerca può avere al massimo 255 caratteri su una riga.',
  metaDescription: 'la descrizione per i motori di ricerca può avere al massimo 1000 caratteri su una riga.',
  metaKeywords: 'le parole chiave possono avere al massimo 1000 caratteri su una riga.',
  active: 'attivo è vero o falso.',
  badLimit: 'limit va da 1 a 200.',
  badPage: 'page è un numero intero da 1 in su.',
  /** HTML that could run script (`UNSAFE_HTML_MESSAGE`). */
  unsafeHtml: UNSAFE_HTML_MESSAGE,
} as const;

const M = ADMIN_CONTENT_MESSAGES;

/** Pages or blocks: the two CMS tables, in the paths as `pages` and `blocks`. */
export const CMS_KINDS = ['page', 'block'] as const;
export type CmsKind = (typeof CMS_KINDS)[number];

/**
 * The CMS blocks the home page shows (issue #42 point 15), by their place: the storefront reads
 * them, the back office previews them in that place.
 */
export const HOME_CMS_BLOCKS = { hero: 'home-hero', points: 'home-b2b' } as const;

/** An identifier a seller writes: it is the page's address (`/i/chi-siamo`) or the name a category or the home reads a block by. */
export const CMS_IDENTIFIER = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/** A page or block in a list: no content. */
export const adminCmsListItem = z
  .object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    active: z.boolean(),
    /** When it was last saved (ISO 8601), when the document says. */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminCmsListItem' });
export type AdminCmsListItem = z.infer<typeof adminCmsListItem>;

export const adminCmsBlock = adminCmsListItem
  .extend({
    /** HTML as stored (normalised by the sanitiser when saved here), with `{{seller.name}}`-style placeholders the shop fills. */
    content: z.string(),
    /** The store views it is shown in (0: all). */
    storeIds: z.array(z.number().int()),
  })
  .meta({ id: 'AdminCmsBlock' });
export type AdminCmsBlock = z.infer<typeof adminCmsBlock>;

export const adminCmsPage = adminCmsBlock
  .extend({
    /** The page's h1; empty: the title. */
    contentHeading: z.string(),
    metaTitle: z.string(),
    metaDescription: z.string(),
    metaKeywords: z.string(),
    /** Where the shop shows it: `/i/{identifier}`. */
    shopPath: z.string(),
  })
  .meta({ id: 'AdminCmsPage' });
export type AdminCmsPage = z.infer<typeof adminCmsPage>;

const line = (message: string, max: number) => text({ error: message }).trim().max(max, message);

const blockFields = {
  identifier: text({ error: M.identifier }).trim().regex(CMS_IDENTIFIER, M.identifier),
  title: line(M.title, 255).min(1, M.title),
  content: freeText({ error: M.content }).max(200_000, M.content),
  active: z.boolean({ error: M.active }),
};

const pageFields = {
  ...blockFields,
  contentHeading: line(M.contentHeading, 255),
  metaTitle: line(M.metaTitle, 255),
  metaDescription: line(M.metaDescription, 1000),
  metaKeywords: line(M.metaKeywords, 1000),
};

/** POST /api/admin/content/blocks. */
export const adminCmsBlockCreateBody = z.object({ ...blockFields, content: blockFields.content.default(''), active: blockFields.active.default(true) });
export type AdminCmsBlockCreateBody = z.infer<typeof adminCmsBlockCreateBody>;

/** PATCH /api/admin/content/blocks/:id: the fields to change. */
export const adminCmsBlockPatchBody = z.object(blockFields).partial();
export type AdminCmsBlockPatchBody = z.infer<typeof adminCmsBlockPatchBody>;

/** POST /api/admin/content/pages. */
export const adminCmsPageCreateBody = z.object({
  ...pageFields,
  content: pageFields.content.default(''),
  active: pageFields.active.default(true),
  contentHeading: pageFields.contentHeading.default(''),
  metaTitle: pageFields.metaTitle.default(''),
  metaDescription: pageFields.metaDescription.default(''),
  metaKeywords: pageFields.metaKeywords.default(''),
});
export type AdminCmsPageCreateBody = z.infer<typeof adminCmsPageCreateBody>;

/** PATCH /api/admin/content/pages/:id: the fields to change. */
export const adminCmsPagePatchBody = z.object(pageFields).partial();
export type AdminCmsPagePatchBody = z.infer<typeof adminCmsPagePatchBody>;

/** GET /api/admin/content/pages and /blocks: search in identifier and title, active filter, pages of `limit`, by identifier. */
export const adminCmsListQuery = z.object({
  q: text().trim().max(100).optional(),
  active: z.enum(['true', 'false'], { error: 'scegli true o false.' }).optional(),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(1, M.badPage).max(100_000, M.badPage).default(1),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(200, M.badLimit).default(50),
});
export type AdminCmsListQuery = z.infer<typeof adminCmsListQuery>;

export const adminCmsList = z.object({ items: z.array(adminCmsListItem), total: z.number().int() }).meta({ id: 'AdminCmsList' });
export type AdminCmsList = z.infer<typeof adminCmsList>;

/** POST /api/admin/content/preview: HTML as the editor holds it. */
export const adminCmsPreviewBody = z.object({ content: blockFields.content });
export type AdminCmsPreviewBody = z.infer<typeof adminCmsPreviewBody>;

export const adminCmsPreview = z
  .object({
    /** The HTML the shop would render: sanitised, its placeholders filled from the configuration. */
    html: z.string(),
    /** Why saving it would be refused (`ADMIN_CONTENT_MESSAGES.unsafeHtml`), or null when it can be saved. */
    refusal: z.string().nullable(),
  })
  .meta({ id: 'AdminCmsPreview' });
export type AdminCmsPreview = z.infer<typeof adminCmsPreview>;

/** The seller's settings as the configuration gives them; the placeholder CMS texts name each by. */
export const SELLER_SETTING_KEYS = ['name', 'vatId', 'fiscalCode', 'address', 'pec', 'rea', 'phone', 'email', 'regimeFiscale', 'deliveryDays'] as const;
export type SellerSettingKey = (typeof SELLER_SETTING_KEYS)[number];

/**
 * Where a setting's value comes from: its environment variable (`env`), another variable
 * (`derived`: the codice fiscale is the partita IVA), the demo shop's placeholder data (`demo`,
 * never in production), the shop's default (`default`), or nowhere (`unset`).
 */
export const SELLER_SETTING_SOURCES = ['env', 'derived', 'demo', 'default', 'unset'] as const;
export type SellerSettingSource = (typeof SELLER_SETTING_SOURCES)[number];
export type SellerSettingSources = Record<SellerSettingKey, SellerSettingSource>;

/** The environment variable of each setting. */
export const SELLER_SETTING_VARIABLES: Record<SellerSettingKey, string> = {
  name: 'SELLER_NAME',
  vatId: 'SELLER_VAT_ID',
  fiscalCode: 'SELLER_FISCAL_CODE',
  address: 'SELLER_ADDRESS',
  pec: 'SELLER_PEC',
  rea: 'SELLER_REA',
  phone: 'SELLER_PHONE',
  email: 'SELLER_EMAIL',
  regimeFiscale: 'SELLER_REGIME_FISCALE',
  deliveryDays: 'DELIVERY_DAYS',
};

export const adminSellerSetting = z.object({
  key: z.enum(SELLER_SETTING_KEYS),
  /** As the shop uses it; null when unset. */
  value: z.string().nullable(),
  variable: z.string(),
  source: z.enum(SELLER_SETTING_SOURCES),
  /** What CMS texts write to show it (`{{seller.name}}`), or null. */
  placeholder: z.string().nullable(),
});
export type AdminSellerSetting = z.infer<typeof adminSellerSetting>;

/** GET /api/admin/settings/seller. */
export const adminSellerSettings = z
  .object({
    settings: z.array(adminSellerSetting),
    /** Whether the shop shows the demo's placeholder seller (SELLER_NAME, SELLER_VAT_ID and SELLER_ADDRESS unset). */
    demo: z.boolean(),
  })
  .meta({ id: 'AdminSellerSettings' });
export type AdminSellerSettings = z.infer<typeof adminSellerSettings>;
