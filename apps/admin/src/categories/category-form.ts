import { CATEGORY_FAQ_MAX, type AdminCategory, type AdminCategoryPatchBody } from '@shop/contracts';
import { ApiError } from '../api.ts';
import { t } from '../i18n/translate.ts';

/** The category form as typed: empty text is "none"; the five FAQ pairs always shown. */
export interface CategoryForm {
  name: string;
  isActive: boolean;
  includeInMenu: boolean;
  metaTitle: string;
  metaDescription: string;
  robots: string;
  shortDescription: string;
  faq: { question: string; answer: string }[];
  cmsBlockTop: string;
  cmsBlockBottom: string;
}

export function formOf(category: AdminCategory): CategoryForm {
  return {
    name: category.name,
    isActive: category.isActive,
    includeInMenu: category.includeInMenu,
    metaTitle: category.metaTitle ?? '',
    metaDescription: category.metaDescription ?? '',
    robots: category.robots ?? '',
    shortDescription: category.shortDescription ?? '',
    faq: Array.from({ length: CATEGORY_FAQ_MAX }, (_, i) => category.faq[i] ?? { question: '', answer: '' }),
    cmsBlockTop: category.cmsBlockTop ?? '',
    cmsBlockBottom: category.cmsBlockBottom ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

function fieldsOf(form: CategoryForm): Required<AdminCategoryPatchBody> {
  const faq = form.faq.map((pair) => ({ question: pair.question.trim(), answer: pair.answer.trim() }));
  return {
    name: form.name,
    isActive: form.isActive,
    includeInMenu: form.includeInMenu,
    metaTitle: orNull(form.metaTitle),
    metaDescription: orNull(form.metaDescription),
    robots: (orNull(form.robots) as AdminCategoryPatchBody['robots']) ?? null,
    shortDescription: orNull(form.shortDescription),
    faq: faq.filter((pair) => pair.question !== '' || pair.answer !== ''),
    cmsBlockTop: orNull(form.cmsBlockTop),
    cmsBlockBottom: orNull(form.cmsBlockBottom),
  };
}

/**
 * The PATCH body: the fields that differ from the form as it was loaded (a value the form cannot
 * show the same way, an imported robots spelling, stays as stored). Empty FAQ pairs are left out,
 * the rest keep their order; a pair with one half is refused here, naming it as the form does.
 */
export function bodyOf(form: CategoryForm, loaded: CategoryForm): AdminCategoryPatchBody {
  const half = form.faq.findIndex((pair) => (pair.question.trim() === '') !== (pair.answer.trim() === ''));
  if (half >= 0) throw new ApiError(422, t('categories.bad.faqPair', { n: half + 1 }));
  const now = fieldsOf(form);
  const before = fieldsOf(loaded);
  return Object.fromEntries(Object.entries(now).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field as keyof typeof before])));
}
