import type { ReactNode } from 'react';
import type { AdminProductChoices } from '@shop/contracts';
import { t } from '../i18n/translate.ts';
import { Section } from '../ui/Section.tsx';
import type { CategoryChoice } from './category-choices.ts';
import { AttributeFields } from './fields/AttributeFields.tsx';
import { DescriptionFields } from './fields/DescriptionFields.tsx';
import type { FieldProps } from './fields/field-props.ts';
import { GeneralFields } from './fields/GeneralFields.tsx';
import { PriceFields } from './fields/PriceFields.tsx';
import { SeoFields } from './fields/SeoFields.tsx';
import { StockFields } from './fields/StockFields.tsx';

/** Every part of the product form, the same for an existing product and a new one (`lead`: its SKU field, first). */
export function ProductSections(props: FieldProps & { choices: AdminProductChoices; categories: readonly CategoryChoice[]; urlRedirects?: readonly string[]; isNew?: boolean; lead?: ReactNode }) {
  return (
    <>
      <Section title={t('products.section.general')}>
        {props.lead}
        <GeneralFields {...props} />
      </Section>
      <Section title={t('products.section.prices')}>
        <PriceFields {...props} />
      </Section>
      <Section title={t('products.section.stock')}>
        <StockFields {...props} />
      </Section>
      <Section title={t('products.section.descriptions')}>
        <DescriptionFields {...props} />
      </Section>
      <Section title={t('products.section.attributes')}>
        <AttributeFields {...props} />
      </Section>
      <Section title={t('products.section.seo')}>
        <SeoFields {...props} />
      </Section>
    </>
  );
}
