import { t } from '@/i18n/index.ts';
import { MAP_HEIGHT, MAP_WIDTH, storeMap, TILE_SIZE } from '@/lib/store-locator/map.ts';
import type { ShopStore } from '@/lib/store-locator/stores.ts';
import type { TileProvider } from '@/lib/store-locator/tile-config.ts';
import styles from './store-locator.module.css';

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/** The map: tiles (plain images: fixed-size, already optimised by the provider) from the shop's /map-tiles route with numbered markers; the list below says the same in words. */
function StoreMap({ stores, provider }: { stores: readonly ShopStore[]; provider: TileProvider }) {
  const map = storeMap(stores);
  if (!map) return null;
  return (
    <figure className={styles.figure}>
      <div className={styles.map} role="img" aria-label={t('storeLocator.mapLabel')} style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }} data-testid="store-map">
        {map.tiles.map((tile) => (
          <img
            key={`${tile.x}-${tile.y}`}
            className={styles.tile}
            src={`/map-tiles/${tile.z}/${tile.x}/${tile.y}.png`}
            alt=""
            width={TILE_SIZE}
            height={TILE_SIZE}
            loading="lazy"
            style={{ left: percent(tile.left, MAP_WIDTH), top: percent(tile.top, MAP_HEIGHT), width: percent(TILE_SIZE, MAP_WIDTH), height: percent(TILE_SIZE, MAP_HEIGHT) }}
          />
        ))}
        {map.markers.map((marker, index) => (
          <span key={marker.id} className={styles.marker} style={{ left: `${marker.left}%`, top: `${marker.top}%` }}>
            {index + 1}
          </span>
        ))}
      </div>
      {provider.attribution && <figcaption className={styles.credit}>{t('storeLocator.mapCredit', { attribution: provider.attribution })}</figcaption>}
    </figure>
  );
}

/** `/store-locator`: the configured stores as a list (works offline, no third-party request), and a map when a tile provider is configured. */
export function StoreLocator({ stores, provider }: { stores: readonly ShopStore[]; provider: TileProvider | null }) {
  return (
    <>
      {provider && <StoreMap stores={stores} provider={provider} />}
      <h2>{t('storeLocator.listTitle')}</h2>
      <ol className={styles.list} data-testid="store-list">
        {stores.map((store) => (
          <li key={store.id} className={styles.store}>
            <h3>{store.name}</h3>
            <address>
              {store.street}
              <br />
              {store.postcode} {store.city} ({store.province})
              <br />
              {t('storeLocator.phone')}: <a href={`tel:${store.phone.replace(/\s+/g, '')}`}>{store.phone}</a>
              <br />
              {t('storeLocator.email')}: <a href={`mailto:${store.email}`}>{store.email}</a>
            </address>
            <p className={styles.hoursTitle}>{t('storeLocator.hours')}</p>
            <ul className={styles.hours}>
              {store.hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}
