import { adminDashboard, type AdminDashboard } from '@shop/contracts';
import { dashboardFigures, type Db } from '@shop/db';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';

/** Stock at or below this many pieces is low (LOW_STOCK). */
export const DEFAULT_LOW_STOCK = 5;

/** The back office's home: the day's and month's figures, what waits, low stock, 30 days of revenue (issue #44). */
export function adminDashboardRoutes(db: Db, guard: AdminGuard, options: { storeCode: string; lowStock: number; now?: () => Date }): AnyRoute[] {
  const now = options.now ?? (() => new Date());
  return [
    guard.route({ role: 'staff' }, {
      method: 'GET',
      path: '/api/admin/dashboard',
      summary: "Today's and this month's orders and revenue (gross, net), orders to ship, bank transfers awaited, low stock, 30 days of revenue",
      response: adminDashboard,
      handler: async (): Promise<AdminDashboard> => {
        const figures = await dashboardFigures(db, options.storeCode, now(), options.lowStock);
        return {
          ...figures,
          bankTransfers: { ...figures.bankTransfers, oldest: figures.bankTransfers.oldest.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })) },
        };
      },
    }),
  ];
}
