import { categoryUrl, type CategoryNode } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { MenuIcon } from './Icons.tsx';
import { storeHref } from '@/lib/store.ts';

/**
 * The category menu: top categories with their children as a submenu. Needs no JavaScript:
 * on small screens it sits in a <details> disclosure; on desktop the panel is always shown
 * (CSS, where ::details-content is supported) and each submenu opens on hover or when focus
 * is inside its item (:focus-within), so keyboard users tab straight through it.
 */
export function CategoryMenu({ tree }: { tree: readonly CategoryNode[] }) {
  if (tree.length === 0) return null;
  return (
    <details className="menu">
      <summary className="menu__toggle">
        <MenuIcon />
        <span>{t('header.menu.toggle')}</span>
      </summary>
      <nav className="menu__nav" aria-label={t('a11y.mainNavigation')}>
        <ul className="menu__list">
          {tree.map((node) => (
            <li key={node.id} className={node.children.length > 0 ? 'menu__item menu__item--parent' : 'menu__item'}>
              <a href={storeHref(categoryUrl(node.slug))} className="menu__link">
                {node.name}
              </a>
              {node.children.length > 0 && (
                <ul className="menu__submenu" aria-label={t('a11y.opensSubmenu', { name: node.name })}>
                  {node.children.map((child) => (
                    <li key={child.id} className="menu__subitem">
                      <a href={storeHref(categoryUrl(child.slug))} className="menu__sublink">
                        {child.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
