import { adminCategory, adminCategoryMoveBody, adminCategoryPatchBody, adminCategoryTree } from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { categoryIdOf, type AdminCategories } from './categories.ts';

/**
 * The category tree of the back office (issue #45 point 2): staff read and edit it; a program
 * keeps it in step with a `catalog:write` key (an ERP reads the tree to know where to move).
 */
export function adminCategoryRoutes(categories: AdminCategories, guard: AdminGuard): AnyRoute[] {
  return [
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'GET',
      path: '/api/admin/categories',
      summary: 'Every category depth first (each parent before its children, siblings in menu order) with its products, and the CMS blocks a category page may show',
      response: adminCategoryTree,
      handler: () => categories.tree(),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'GET',
      path: '/api/admin/categories/:id',
      summary: 'One category with what its page shows: SEO fields, short description, FAQ as plain text, CMS blocks',
      response: adminCategory,
      handler: ({ params }) => categories.get(categoryIdOf(params['id'])),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'PATCH',
      path: '/api/admin/categories/:id',
      summary:
        'Changes the fields given, through the catalogue import: the menu, the category page, breadcrumbs, search and caches follow at once. HTML that could run code is refused, the rest sanitised; CMS blocks must exist; the address (url key) is not editable. Audited',
      body: adminCategoryPatchBody,
      response: adminCategory,
      handler: ({ params, body, req }) => categories.update(categoryIdOf(params['id']), body, guard.actor(req)),
    }),
    guard.route({ role: 'staff', scope: 'catalog:write' }, {
      method: 'POST',
      path: '/api/admin/categories/:id/move',
      summary:
        'Moves a category (with its subcategories) under another, or to another place among its siblings; both sibling lists are numbered again. Not under itself or its subcategories, nor outside the shop’s root. Audited',
      body: adminCategoryMoveBody,
      response: adminCategory,
      handler: ({ params, body, req }) => categories.move(categoryIdOf(params['id']), body, guard.actor(req)),
    }),
  ];
}
