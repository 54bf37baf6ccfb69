/** SERVER: the review form's texts, looked up once on the server. */
import { lookUpTexts } from '@/i18n/index.ts';

const FORM = {
  heading: 'reviews.write.heading',
  signIn: 'reviews.write.signIn',
  signInButton: 'reviews.write.signInButton',
  rating: 'reviews.write.rating',
  stars: 'reviews.write.stars',
  title: 'reviews.write.title',
  detail: 'reviews.write.detail',
  detailHint: 'reviews.write.detailHint',
  nickname: 'reviews.write.nickname',
  submit: 'reviews.write.submit',
  sending: 'reviews.write.sending',
  thanks: 'reviews.write.thanks',
  already: 'reviews.write.already',
  tooMany: 'reviews.write.tooMany',
  failed: 'reviews.write.failed',
} as const;

export type ReviewFormTexts = Record<keyof typeof FORM, string>;
export const reviewFormTexts = (): ReviewFormTexts => lookUpTexts(FORM);
