import { z } from 'zod';
import { freeText, text } from './strings.ts';

/**
 * Categories in the back office (issue #45 point 2): the stored VSF category documents, read as a
 * tree and edited field by field or moved, each change written through the catalogue import (the
 * storefront's menu, category page and breadcrumbs, the edge cache and the search index follow at
 * once). The address (`urlKey`, `slug`, `urlPath`) is shown but not edited: the category page
 * answers at /c/{slug} and nothing redirects an old slug, so changing it would break every link
 * and bookmark to it.
 */
export const ADMIN_CATEGORY_MESSAGES = {
  notFound: 'Categoria non trovata.',
  changedMeanwhile: 'Nel frattempo le categorie sono state modificate da un’altra persona o da un import: ricarica la pagina e riprova.',
  rootFixed: 'La categoria radice del negozio e quelle sopra di essa non si spostano.',
  /** Messages the answer prefixes with the field (`name: …`). */
  nameEmpty: 'il nome non può essere vuoto.',
  nameTooLong: 'il nome può avere al massimo 255 caratteri.',
  flag: 'scrivi true (sì) o false (no).',
  metaTitle: 'il titolo SEO può avere al massimo 255 caratteri, oppure null.',
  metaDescription: 'la descrizione SEO può avere al massimo 1000 caratteri, oppure null.',
  robots: 'scegli INDEX,FOLLOW, NOINDEX,FOLLOW, INDEX,NOFOLLOW oppure NOINDEX,NOFOLLOW.',
  shortDescription: 'la descrizione può avere al massimo 20000 caratteri, oppure null.',
  faq: 'le domande frequenti sono al massimo 5 coppie di domanda e risposta.',
  faqQuestion: 'la domanda va da 1 a 1000 caratteri.',
  faqAnswer: 'la risposta va da 1 a 5000 caratteri.',
  cmsBlock: 'scrivi l’identificativo di un blocco CMS (al massimo 255 caratteri), oppure null per nessun blocco.',
  unknownBlock: 'il blocco CMS «{identifier}» non esiste.',
  notEditable: 'questi campi non si modificano qui: {keys}. L’indirizzo della categoria non cambia dal back office.',
  parentId: 'la categoria di destinazione è un numero intero positivo.',
  unknownParent: 'la categoria di destinazione {id} non esiste.',
  intoItself: 'una categoria non può andare dentro sé stessa o una sua sottocategoria.',
  outsideShop: 'la destinazione deve essere il catalogo del negozio o una sua categoria.',
  position: 'la posizione è un numero intero da 1 in su.',
  positionOver: 'la posizione va da 1 a {max} in questa categoria.',
} as const;
const M = ADMIN_CATEGORY_MESSAGES;

/** Magento's robots values (the storefront reads INDEX/NOINDEX and FOLLOW/NOFOLLOW). */
export const CATEGORY_ROBOTS = ['INDEX,FOLLOW', 'NOINDEX,FOLLOW', 'INDEX,NOFOLLOW', 'NOINDEX,NOFOLLOW'] as const;

/** The category page shows at most this many questions (faq_question_1..5). */
export const CATEGORY_FAQ_MAX = 5;

/** One category of the tree. */
export const adminCategoryNode = z
  .object({
    id: z.number().int(),
    /** Null for a category above the tree (Magento's root). */
    parentId: z.number().int().nullable(),
    name: z.string(),
    level: z.number().int(),
    /** As stored: siblings are shown by position, then id (the storefront's menu order). */
    position: z.number().int(),
    path: z.string(),
    urlKey: z.string(),
    urlPath: z.string(),
    /** The category page is /c/{slug}. */
    slug: z.string(),
    isActive: z.boolean(),
    includeInMenu: z.boolean(),
    /** Products assigned to this category itself (any status). */
    productCount: z.number().int(),
  })
  .meta({ id: 'AdminCategoryNode' });
export type AdminCategoryNode = z.infer<typeof adminCategoryNode>;

export const adminCmsBlockOption = z.object({ identifier: z.string(), title: z.string(), active: z.boolean() });
export type AdminCmsBlockOption = z.infer<typeof adminCmsBlockOption>;

/** GET /api/admin/categories */
export const adminCategoryTree = z
  .object({
    /** The storefront's root: its children are the menu's top entries. */
    rootId: z.number().int(),
    /** Every category, depth first: each parent before its children, siblings in menu order. */
    items: z.array(adminCategoryNode),
    /** The CMS blocks a category page may show (cmsBlockTop, cmsBlockBottom). */
    cmsBlocks: z.array(adminCmsBlockOption),
  })
  .meta({ id: 'AdminCategoryTree' });
export type AdminCategoryTree = z.infer<typeof adminCategoryTree>;

export const categoryFaqPair = z.object({ question: z.string(), answer: z.string() });
export type CategoryFaqPair = z.infer<typeof categoryFaqPair>;

/** GET /api/admin/categories/:id */
export const adminCategory = adminCategoryNode
  .extend({
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    robots: z.string().nullable(),
    /** HTML, sanitised; the category page shows it as its introduction (as text). */
    shortDescription: z.string().nullable(),
    /** Plain text; a pair with only one half is shown (imported) but not on the page. */
    faq: z.array(categoryFaqPair),
    /** Identifiers of the CMS blocks shown above the products and at the bottom of the page. */
    cmsBlockTop: z.string().nullable(),
    cmsBlockBottom: z.string().nullable(),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategory>;

const blockId = text({ error: M.cmsBlock }).trim().min(1, M.cmsBlock).max(255, M.cmsBlock).nullable();

/** PATCH /api/admin/categories/:id: the fields to change; an empty text of an optional field clears it. */
export const adminCategoryPatchBody = z
  .object(
    {
      name: text({ error: M.nameEmpty }).trim().min(1, M.nameEmpty).max(255, M.nameTooLong),
      isActive: z.boolean({ error: M.flag }),
      includeInMenu: z.boolean({ error: M.flag }),
      metaTitle: text({ error: M.metaTitle }).trim().max(255, M.metaTitle).nullable(),
      metaDescription: freeText({ error: M.metaDescription }).trim().max(1000, M.metaDescription).nullable(),
      robots: z.enum(CATEGORY_ROBOTS, { error: M.robots }).nullable(),
      shortDescription: freeText({ error: M.shortDescription }).trim().max(20_000, M.shortDescription).nullable(),
      /** The whole list: what is not in it is removed from the page. */
      faq: z
        .array(
          z.object({
            question: freeText({ error: M.faqQuestion }).trim().min(1, M.faqQuestion).max(1000, M.faqQuestion),
            answer: freeText({ error: M.faqAnswer }).trim().min(1, M.faqAnswer).max(5000, M.faqAnswer),
          }),
          { error: M.faq },
        )
        .max(CATEGORY_FAQ_MAX, M.faq),
      cmsBlockTop: blockId,
      cmsBlockBottom: blockId,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.notEditable.replace('{keys}', issue.keys.join(', ')) : undefined) },
  )
  .partial()
  .strict();
export type AdminCategoryPatchBody = z.infer<typeof adminCategoryPatchBody>;

/** POST /api/admin/categories/:id/move */
export const adminCategoryMoveBody = z.object({
  /** The new parent (the same one to reorder among siblings). */
  parentId: z.number({ error: M.parentId }).int(M.parentId).min(1, M.parentId).max(2_147_483_647, M.parentId),
  /** 1 is first among the new siblings; omitted: last. */
  position: z.number({ error: M.position }).int(M.position).min(1, M.position).max(1_000_000, M.position).optional(),
});
export type AdminCategoryMoveBody = z.infer<typeof adminCategoryMoveBody>;
