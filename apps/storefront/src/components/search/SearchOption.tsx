import Image from 'next/image';
import { productPageUrl } from '@shop/domain';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { PriceLines, type PriceLabels } from '../PriceLines.tsx';
import type { TileProduct } from '../ProductTile.tsx';
import { Highlight } from './Highlight.tsx';
import styles from './search.module.css';

export function searchItemHref(product: TileProduct): string {
  return productPageUrl(product);
}

/**
 * One product in the panel's listbox: picture, name with the matched words marked, prices. The
 * input keeps focus (aria-activedescendant); the link serves pointer users (and new tabs).
 */
export function SearchOption({
  id,
  href,
  product,
  active,
  words,
  priceLabels,
  onOpen,
}: {
  id: string;
  href: string;
  product: TileProduct;
  active: boolean;
  words: readonly string[];
  priceLabels: PriceLabels;
  onOpen: () => void;
}) {
  return (
    <li id={id} role="option" aria-selected={active} className={styles.option} data-sku={product.sku}>
      <a href={href} className={styles.optionLink} tabIndex={-1} onClick={onOpen}>
        <Image className={styles.optionImage} src={mediaSrc(product.image)} alt="" width={72} height={72} sizes="72px" />
        <span className={styles.optionName}>
          <Highlight text={product.name} words={words} />
        </span>
        <PriceLines price={priceView(product)} labels={priceLabels} />
      </a>
    </li>
  );
}
