/**
 * The store locator's map as a fixed grid of web-mercator tiles (the "slippy map" scheme every
 * tile provider serves: z/x/y, 256 px), computed from the stores alone: the highest zoom that
 * shows them all, its tiles and each store's position on it. No map library, no script: the page
 * renders it as images. Pure.
 */
export const TILE_SIZE = 256;
/** The map's size in pixels (3 × 2 tiles at most are visible). */
export const MAP_WIDTH = 640;
export const MAP_HEIGHT = 480;
const MAX_ZOOM = 14;
/** Space kept free around the outermost stores, in pixels. */
const MARGIN = 40;

export interface MapTile {
  z: number;
  x: number;
  y: number;
  /** Position of the tile's top-left corner on the map, in pixels (may be negative). */
  left: number;
  top: number;
}

export interface MapMarker {
  id: string;
  /** Position on the map, in percent of its width and height. */
  left: number;
  top: number;
}

export interface StoreMap {
  zoom: number;
  tiles: MapTile[];
  markers: MapMarker[];
}

/** World pixel coordinates of a position at a zoom level. */
function project(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((lon + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

export function storeMap(stores: readonly { id: string; lat: number; lon: number }[]): StoreMap | null {
  if (stores.length === 0) return null;
  const fits = (zoom: number) => {
    const points = stores.map((s) => project(s.lat, s.lon, zoom));
    const width = Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));
    const height = Math.max(...points.map((p) => p.y)) - Math.min(...points.map((p) => p.y));
    return width <= MAP_WIDTH - 2 * MARGIN && height <= MAP_HEIGHT - 2 * MARGIN;
  };
  let zoom = MAX_ZOOM;
  while (zoom > 0 && !fits(zoom)) zoom--;
  const points = stores.map((s) => ({ id: s.id, ...project(s.lat, s.lon, zoom) }));
  const centreX = (Math.max(...points.map((p) => p.x)) + Math.min(...points.map((p) => p.x))) / 2;
  const centreY = (Math.max(...points.map((p) => p.y)) + Math.min(...points.map((p) => p.y))) / 2;
  const originX = Math.round(centreX - MAP_WIDTH / 2);
  const originY = Math.round(centreY - MAP_HEIGHT / 2);
  const tiles: MapTile[] = [];
  const last = 2 ** zoom - 1;
  for (let y = Math.floor(originY / TILE_SIZE); y <= Math.floor((originY + MAP_HEIGHT - 1) / TILE_SIZE); y++) {
    for (let x = Math.floor(originX / TILE_SIZE); x <= Math.floor((originX + MAP_WIDTH - 1) / TILE_SIZE); x++) {
      if (x < 0 || y < 0 || x > last || y > last) continue;
      tiles.push({ z: zoom, x, y, left: x * TILE_SIZE - originX, top: y * TILE_SIZE - originY });
    }
  }
  const markers = points.map((p) => ({ id: p.id, left: ((p.x - originX) / MAP_WIDTH) * 100, top: ((p.y - originY) / MAP_HEIGHT) * 100 }));
  return { zoom, tiles, markers };
}

/** The provider's URL of a tile: `{z}`, `{x}`, `{y}` (and `{s}`, the first subdomain) filled in. */
export function tileUrl(template: string, tile: Pick<MapTile, 'z' | 'x' | 'y'>): string {
  return template.replaceAll('{z}', String(tile.z)).replaceAll('{x}', String(tile.x)).replaceAll('{y}', String(tile.y)).replaceAll('{s}', 'a');
}
