import type { HOME_CMS_BLOCKS } from '@shop/contracts';
import type { MessageKey } from '../i18n/it.ts';
import type { Place } from './shop-preview.ts';

export type ContentKind = 'page' | 'block';

/** How the back office names pages and blocks: the API's path, the address's, the texts. */
export const CONTENT_KINDS = {
  page: { api: 'pages', path: 'pagine', fresh: 'nuova', tabLabel: 'content.tab.pages', newLabel: 'content.newPage', editLabel: 'content.editPage' },
  block: { api: 'blocks', path: 'blocchi', fresh: 'nuovo', tabLabel: 'content.tab.blocks', newLabel: 'content.newBlock', editLabel: 'content.editBlock' },
} as const satisfies Record<ContentKind, { api: string; path: string; fresh: string; tabLabel: MessageKey; newLabel: MessageKey; editLabel: MessageKey }>;

/** `/contenuti/pagine/12`, or the form of a new one (`/contenuti/pagine/nuova`). */
export const editorPath = (kind: ContentKind, id: number | null) => `/contenuti/${CONTENT_KINDS[kind].path}/${id ?? CONTENT_KINDS[kind].fresh}`;

/** The home's blocks (a runtime copy of the contracts' HOME_CMS_BLOCKS, which keeps zod out of the bundle; the type keeps them equal). */
const HOME_BLOCKS = { hero: 'home-hero', points: 'home-b2b' } as const satisfies typeof HOME_CMS_BLOCKS;

/** Where the shop shows a page or block of this identifier: a page at /i/…; the home's two blocks in their places, any other block in a category. */
export function placeOf(kind: ContentKind, identifier: string): Place {
  if (kind === 'page') return 'page';
  if (identifier === HOME_BLOCKS.hero) return 'hero';
  if (identifier === HOME_BLOCKS.points) return 'points';
  return 'category';
}
