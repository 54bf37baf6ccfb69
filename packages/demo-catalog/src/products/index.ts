import type { ProductDoc } from '@shop/domain';
import type { CatalogContext } from '../context.ts';
import { deriveSeed, Rng } from '../rng.ts';
import { buildUnit } from './build.ts';
import type { BuildState } from './document.ts';
import { cuttingBoardDoc } from './cutting-board.ts';
import { BLOCK_SIZE, planBlock, unitSize } from './plan.ts';

/** Document 0 is the made-to-measure cutting board; blocks start at document 1. */
const FIRST_BLOCK_INDEX = 1;
/** Stream ids kept apart from block numbers. */
const CUTTING_BOARD_STREAM = 0xb0a2d;

function blockDocs(ctx: CatalogContext, block: number): ProductDoc[] {
  const start = FIRST_BLOCK_INDEX + block * BLOCK_SIZE;
  const size = Math.min(BLOCK_SIZE, ctx.total - start);
  const state: BuildState = { ctx, rng: new Rng(deriveSeed(ctx.seed, block)) };
  const docs: ProductDoc[] = [];
  let index = start;
  for (const unit of planBlock(state.rng, size)) {
    docs.push(...buildUnit(state, unit, index));
    index += unitSize(unit);
  }
  return docs;
}

/** Blocks (the cutting board counts as one) from the one holding document `fromIndex`. */
function* blocksFrom(ctx: CatalogContext, fromIndex: number): Generator<{ start: number; docs: ProductDoc[] }> {
  if (fromIndex === 0 && ctx.total > 0) {
    yield { start: 0, docs: [cuttingBoardDoc({ ctx, rng: new Rng(deriveSeed(ctx.seed, CUTTING_BOARD_STREAM)) })] };
  }
  const first = Math.floor(Math.max(0, fromIndex - FIRST_BLOCK_INDEX) / BLOCK_SIZE);
  for (let block = first; FIRST_BLOCK_INDEX + block * BLOCK_SIZE < ctx.total; block++) {
    yield { start: FIRST_BLOCK_INDEX + block * BLOCK_SIZE, docs: blockDocs(ctx, block) };
  }
}

/**
 * Documents [startIndex, startIndex + count) of the catalogue, identical to the same slice of
 * generateCatalog's products whatever the chunking; configurable children, grouped members and
 * bundle links may sit in a neighbouring chunk.
 */
export function generateProducts(ctx: CatalogContext, startIndex: number, count: number): ProductDoc[] {
  const start = Math.max(0, startIndex);
  const end = Math.min(ctx.total, startIndex + count);
  const out: ProductDoc[] = [];
  if (start >= end) return out;
  for (const { start: blockStart, docs } of blocksFrom(ctx, start)) {
    if (blockStart >= end) break;
    for (let i = Math.max(0, start - blockStart); i < docs.length && blockStart + i < end; i++) out.push(docs[i] as ProductDoc);
  }
  return out;
}

/** Every product in order, in batches of `batchSize`, generating each block once (for bulk inserts). */
export function* productBatches(ctx: CatalogContext, batchSize = 1000): Generator<ProductDoc[]> {
  if (batchSize < 1) throw new Error('batchSize must be at least 1');
  let batch: ProductDoc[] = [];
  for (const { docs } of blocksFrom(ctx, 0)) {
    for (const doc of docs) {
      batch.push(doc);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
