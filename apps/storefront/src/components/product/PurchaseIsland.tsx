'use client';

/**
 * The purchase island of the product's type, as one client entry. Turbopack puts all client
 * components of a page into one chunk anyway; splitting the four islands with next/dynamic was
 * measured to save about 1 KB gzip per page while adding a second chunk that hydration must
 * wait for, so they stay together.
 */
import { BundlePurchase as Bundle, type BundlePurchaseProps } from './BundlePurchase.tsx';
import { ConfigurablePurchase as Configurable, type ConfigurablePurchaseProps } from './ConfigurablePurchase.tsx';
import { GroupedPurchase as Grouped, type GroupedPurchaseProps } from './GroupedPurchase.tsx';
import { SimplePurchase as Simple, type SimplePurchaseProps } from './SimplePurchase.tsx';

export type PurchaseIslandProps =
  | { kind: 'simple'; props: SimplePurchaseProps }
  | { kind: 'configurable'; props: ConfigurablePurchaseProps }
  | { kind: 'grouped'; props: GroupedPurchaseProps }
  | { kind: 'bundle'; props: BundlePurchaseProps };

export function PurchaseIsland(island: PurchaseIslandProps) {
  switch (island.kind) {
    case 'configurable':
      return <Configurable {...island.props} />;
    case 'grouped':
      return <Grouped {...island.props} />;
    case 'bundle':
      return <Bundle {...island.props} />;
    default:
      return <Simple {...island.props} />;
  }
}
