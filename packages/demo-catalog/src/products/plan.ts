import { LEAVES, type LeafRef } from '../departments/index.ts';
import type { Rng } from '../rng.ts';
import { BUNDLE_KITS, type BundleKit } from './kits.ts';

/**
 * Products are laid out in fixed-size blocks of documents, each drawn from its own seeded stream,
 * so any range of the catalogue can be generated without the documents before it. A unit (a
 * configurable and its children, a grouped product and its members…) never crosses a block, so
 * every reference resolves inside the catalogue whatever the chunking.
 */
export const BLOCK_SIZE = 64;

export interface Combo {
  taglia?: string;
  colore?: string;
}

export type Unit =
  | { kind: 'simple'; ref: LeafRef; withOptions: boolean }
  | { kind: 'configurable'; ref: LeafRef; combos: Combo[] }
  | { kind: 'grouped'; ref: LeafRef; members: number }
  | { kind: 'bundle'; kit: BundleKit; linkCounts: number[] }
  | { kind: 'virtual' | 'downloadable'; ref: LeafRef };

type Kind = 'simple' | 'options' | 'configurable' | 'grouped' | 'bundle' | 'virtual' | 'downloadable';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export function unitSize(unit: Unit): number {
  switch (unit.kind) {
    case 'configurable':
      return 1 + unit.combos.length;
    case 'grouped':
      return 1 + unit.members;
    case 'bundle':
      return 1 + sum(unit.linkCounts);
    default:
      return 1;
  }
}

const physical = LEAVES.filter((r) => !r.leaf.type);
const CANDIDATES = {
  simple: physical,
  options: physical.filter((r) => r.leaf.customOptions?.length),
  configurable: physical.filter((r) => r.leaf.configurable),
  grouped: physical.filter((r) => (r.leaf.variant?.labels.length ?? 0) >= 3),
  virtual: LEAVES.filter((r) => r.leaf.type === 'virtual'),
  downloadable: LEAVES.filter((r) => r.leaf.type === 'downloadable'),
};

/** Every block carries one of each kind, so even a small catalogue has every product type. */
const FORCED: readonly Kind[] = ['configurable', 'grouped', 'bundle', 'virtual', 'downloadable', 'options'];
const MIX: readonly [Kind, number][] = [
  ['simple', 64],
  ['options', 8],
  ['configurable', 12],
  ['grouped', 4],
  ['bundle', 2],
  ['virtual', 1],
  ['downloadable', 1],
];

const pickLeaf = (rng: Rng, refs: readonly LeafRef[]): LeafRef => rng.weighted(refs, (r) => r.leaf.weight);

function planCombos(rng: Rng, ref: LeafRef, maxChildren: number): Combo[] {
  const { taglia = [], colore = [] } = ref.leaf.configurable ?? {};
  const window = (pool: readonly string[], min: number, max: number): string[] => {
    const length = Math.min(pool.length, rng.int(min, max));
    const start = rng.int(0, pool.length - length);
    return pool.slice(start, start + length);
  };
  const sizes = taglia.length ? window(taglia, 3, colore.length ? 4 : 6) : [undefined];
  const colours = colore.length ? rng.pickSome(colore, rng.int(taglia.length ? 1 : 2, taglia.length ? 2 : 5)) : [undefined];
  const combos = colours.flatMap((c) =>
    sizes.map((t) => {
      const combo: Combo = {};
      if (t) combo.taglia = t;
      if (c) combo.colore = c;
      return combo;
    }),
  );
  return combos.slice(0, maxChildren);
}

/** A unit of this kind that fits in `room` documents, or null. */
function planUnit(rng: Rng, kind: Kind, room: number): Unit | null {
  switch (kind) {
    case 'simple':
    case 'options':
      return { kind: 'simple', ref: pickLeaf(rng, CANDIDATES[kind]), withOptions: kind === 'options' };
    case 'virtual':
    case 'downloadable':
      return { kind, ref: pickLeaf(rng, CANDIDATES[kind]) };
    case 'configurable': {
      const ref = pickLeaf(rng, CANDIDATES.configurable);
      const combos = planCombos(rng, ref, room - 1);
      return combos.length >= 2 ? { kind, ref, combos } : null;
    }
    case 'grouped': {
      const ref = pickLeaf(rng, CANDIDATES.grouped);
      const members = Math.min(rng.int(2, Math.min(5, ref.leaf.variant?.labels.length ?? 0)), room - 1);
      return members >= 2 ? { kind, ref, members } : null;
    }
    case 'bundle': {
      const kit = rng.pick(BUNDLE_KITS);
      let linkCounts = kit.options.map(() => rng.int(1, 3));
      // Down to one choice per option when the block is nearly full.
      if (1 + sum(linkCounts) > room) linkCounts = kit.options.map(() => 1);
      return 1 + sum(linkCounts) <= room ? { kind, kit, linkCounts } : null;
    }
  }
}

/** The units filling one block of exactly `size` documents, in shuffled order. */
export function planBlock(rng: Rng, size: number): Unit[] {
  const units: Unit[] = [];
  let room = size;
  const add = (kind: Kind): void => {
    const unit = planUnit(rng, kind, room) ?? planUnit(rng, 'simple', room);
    if (!unit) return;
    units.push(unit);
    room -= unitSize(unit);
  };
  for (const kind of FORCED) if (room > 0) add(kind);
  while (room > 0) add(rng.weighted(MIX, ([, weight]) => weight)[0]);
  return rng.shuffle(units);
}
