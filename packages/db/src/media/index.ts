import type { Db } from '../connect.ts';
import type { MediaType } from './schema.ts';

export type * from './schema.ts';

/** What is known of a stored picture without its bytes. */
export interface MediaInfo {
  hash: string;
  mimeType: MediaType;
  width: number;
  height: number;
  byteSize: number;
}

export interface StoredMedia extends MediaInfo {
  bytes: Uint8Array;
}

/** Stores a picture once: the same bytes uploaded again find their row (the hash is their address). */
export async function storeMedia(db: Db, media: StoredMedia): Promise<void> {
  await db
    .insertInto('media')
    .values({ hash: media.hash, mime_type: media.mimeType, width: media.width, height: media.height, byte_size: media.byteSize, bytes: media.bytes })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
}

/** A stored picture with its bytes, or undefined. */
export async function findMedia(db: Db, hash: string): Promise<StoredMedia | undefined> {
  const row = await db.selectFrom('media').select(['hash', 'mime_type', 'width', 'height', 'byte_size', 'bytes']).where('hash', '=', hash).executeTakeFirst();
  return row && { hash: row.hash, mimeType: row.mime_type, width: row.width, height: row.height, byteSize: row.byte_size, bytes: row.bytes };
}

/** What is stored of these pictures (not their bytes), by hash; unknown hashes are absent. */
export async function mediaInfo(db: Db, hashes: readonly string[]): Promise<Map<string, MediaInfo>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.selectFrom('media').select(['hash', 'mime_type', 'width', 'height', 'byte_size']).where('hash', 'in', [...hashes]).execute();
  return new Map(rows.map((row) => [row.hash, { hash: row.hash, mimeType: row.mime_type, width: row.width, height: row.height, byteSize: row.byte_size }]));
}
