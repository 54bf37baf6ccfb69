import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, storeMap, TILE_SIZE, tileUrl } from './map.ts';
import { STORES } from './stores.ts';

describe('storeMap', () => {
  it('picks the highest zoom that shows every store inside the map, with the tiles that cover it', () => {
    const map = storeMap(STORES)!;
    // Milan to Naples fits at zoom 6 (about 600 km), not at 7.
    expect(map.zoom).toBe(6);
    for (const marker of map.markers) {
      expect(marker.left).toBeGreaterThan(0);
      expect(marker.left).toBeLessThan(100);
      expect(marker.top).toBeGreaterThan(0);
      expect(marker.top).toBeLessThan(100);
    }
    // The tiles cover the whole map, none more than needed.
    expect(Math.min(...map.tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...map.tiles.map((t) => t.left + TILE_SIZE))).toBeGreaterThanOrEqual(MAP_WIDTH);
    expect(Math.max(...map.tiles.map((t) => t.top + TILE_SIZE))).toBeGreaterThanOrEqual(MAP_HEIGHT);
    expect(map.tiles.length).toBeLessThanOrEqual(12);
    expect(map.tiles).toContainEqual(expect.objectContaining({ z: 6, x: 33, y: 23 }));
  });

  it('zooms in on a single store and has no map without stores', () => {
    expect(storeMap([{ id: 'a', lat: 45.4642, lon: 9.19 }])!.zoom).toBe(14);
    expect(storeMap([])).toBeNull();
  });
});

describe('tileUrl', () => {
  it('fills the provider template', () => {
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png', { z: 6, x: 33, y: 23 })).toBe('https://a.tile.example/6/33/23.png');
  });
});
