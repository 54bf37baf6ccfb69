import type { AdminApiKey, AdminApiKeyCreated, AdminOrderDetail, AdminOrderListItem, AdminSession, ApiKeyScope, StaffUserView } from '@shop/contracts';

export type { AdminOrderDetail, AdminOrderListItem, AdminSession, ApiKeyScope, StaffUserView };

/**
 * GET /api/admin/dashboard: the shape the API engineer defined in packages/contracts/src/admin-dashboard.ts
 * on branch bo-orders-list (not on main yet); replace with `import type { AdminDashboard }` once merged.
 */
interface DashboardPeriod {
  orders: number;
  grossCents: number;
  netCents: number;
  averageCents: number;
}
export interface Dashboard {
  today: DashboardPeriod & { day: string };
  month: DashboardPeriod & { month: string };
  toShip: number;
  bankTransfers: { count: number; oldestDays: number | null; oldest: { incrementId: string; createdAt: string; grandTotalCents: number }[] };
  lowStock: { threshold: number; count: number; items: { sku: string; name: string; qty: number }[] };
  revenue30Days: { day: string; orders: number; grossCents: number; netCents: number }[];
}

/** The scopes an API key can hold, as the form lists them (the values of `apiKeyScope`; a runtime copy keeps zod out of the bundle). */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'catalog:write'] as const satisfies readonly ApiKeyScope[];
export type ApiKey = AdminApiKey;
/** The answer of POST /api/admin/api-keys: the key once, whole. */
export type CreatedApiKey = AdminApiKeyCreated;
