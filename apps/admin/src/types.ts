import type { AdminApiKey, AdminApiKeyCreated, AdminCustomerDetail, AdminCustomerListItem, AdminDashboard, AdminOrderDetail, AdminOrderListItem, AdminSession, ApiKeyScope, QuoteStatus, StaffUserView } from '@shop/contracts';

export type { AdminCustomerDetail, AdminCustomerListItem, AdminOrderDetail, AdminOrderListItem, AdminSession, ApiKeyScope, StaffUserView };

/** GET /api/admin/dashboard */
export type Dashboard = AdminDashboard;

/** The scopes an API key can hold, as the form lists them (the values of `apiKeyScope`; a runtime copy keeps zod out of the bundle). */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'catalog:write'] as const satisfies readonly ApiKeyScope[];
export type ApiKey = AdminApiKey;
/** The answer of POST /api/admin/api-keys: the key once, whole. */
export type CreatedApiKey = AdminApiKeyCreated;

/** The customer groups the shop knows (the ids of the contracts' CUSTOMER_GROUPS; a runtime copy keeps zod out of the bundle). */
export const CUSTOMER_GROUP_IDS = [1, 2, 3] as const;

/** The states of a quote request, as the list filters them (the values of the contracts' QUOTE_STATUSES; a runtime copy keeps zod out of the bundle). */
export const QUOTE_STATUS_VALUES = ['new', 'answered', 'accepted', 'expired'] as const satisfies readonly QuoteStatus[];
