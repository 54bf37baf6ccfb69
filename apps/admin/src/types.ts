import type { AdminOrderDetail, AdminOrderListItem, AdminSession, StaffUserView } from '@shop/contracts';

export type { AdminOrderDetail, AdminOrderListItem, AdminSession, StaffUserView };

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

/** GET/POST /api/admin/api-keys (owner): admin-api-keys.ts of branch bo-keys-dashboard (not on main yet). */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'catalog:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
/** The answer of POST /api/admin/api-keys: the key once, whole. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}
