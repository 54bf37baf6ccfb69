import type { AdminCmsBlock, AdminCmsPage, AdminCmsPagePatchBody } from '@shop/contracts';

/** The editor's fields: a block uses the first four. */
export interface ContentForm {
  title: string;
  identifier: string;
  active: boolean;
  content: string;
  contentHeading: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

const PAGE_ONLY = ['contentHeading', 'metaTitle', 'metaDescription', 'metaKeywords'] as const;

/** The form of a stored page or block, or of a new one (null). */
export function formOf(record: AdminCmsPage | AdminCmsBlock | null): ContentForm {
  const page = record && 'metaTitle' in record ? record : null;
  return {
    title: record?.title ?? '',
    identifier: record?.identifier ?? '',
    active: record?.active ?? true,
    content: record?.content ?? '',
    contentHeading: page?.contentHeading ?? '',
    metaTitle: page?.metaTitle ?? '',
    metaDescription: page?.metaDescription ?? '',
    metaKeywords: page?.metaKeywords ?? '',
  };
}

/**
 * What to send: every field of a new page or block; of a stored one only the fields changed, so
 * that a title edit leaves the stored HTML (an imported page's, say) as it is.
 */
export function bodyOf(form: ContentForm, kind: 'page' | 'block', saved: ContentForm | null): AdminCmsPagePatchBody {
  const fields = (Object.keys(form) as (keyof ContentForm)[]).filter((name) => kind === 'page' || !(PAGE_ONLY as readonly string[]).includes(name));
  const body: Record<string, string | boolean> = {};
  for (const name of fields) if (!saved || form[name] !== saved[name]) body[name] = form[name];
  return body as AdminCmsPagePatchBody;
}
