import {
  deliveryDaysText,
  SELLER_SETTING_KEYS,
  SELLER_SETTING_VARIABLES,
  type AdminSellerSettings,
  type DeliveryDays,
  type SellerIdentity,
  type SellerSettingKey,
  type SellerSettingSources,
} from '@shop/contracts';

/** What the API was started with: the seller, where each of its values came from, and the two settings beside it. */
export interface SellerConfiguration {
  seller: SellerIdentity;
  sources: SellerSettingSources;
  regimeFiscale: string;
  deliveryDays: DeliveryDays;
}

/** The `{{…}}` CMS texts write to show a setting (modules/shop/placeholders.ts). */
const PLACEHOLDER: Record<SellerSettingKey, string | null> = {
  name: '{{seller.name}}',
  vatId: '{{seller.vatId}}',
  fiscalCode: '{{seller.fiscalCode}}',
  address: '{{seller.address}}',
  pec: '{{seller.pec}}',
  rea: '{{seller.rea}}',
  phone: '{{seller.phone}}',
  email: '{{seller.email}}',
  regimeFiscale: null,
  deliveryDays: '{{delivery.days}}',
};

/**
 * `GET /api/admin/settings/seller` (issue #45 point 4): the seller's identity as the shop uses it
 * on invoices, pages and mails, read only, each value with the variable that sets it and where it
 * came from. It is configuration, not data: it changes with the environment and a restart.
 */
export function sellerSettings({ seller, sources, regimeFiscale, deliveryDays }: SellerConfiguration): AdminSellerSettings {
  const value = (key: SellerSettingKey): string | null => {
    if (key === 'regimeFiscale') return regimeFiscale;
    if (key === 'deliveryDays') return deliveryDaysText(deliveryDays);
    return seller[key] || null;
  };
  return {
    settings: SELLER_SETTING_KEYS.map((key) => ({ key, value: value(key), variable: SELLER_SETTING_VARIABLES[key], source: sources[key], placeholder: PLACEHOLDER[key] })),
    demo: sources.name === 'demo',
  };
}
