import type { ColumnType } from 'kysely';

/** The picture types the shop stores (ADR 0036). */
export type MediaType = 'image/jpeg' | 'image/png' | 'image/webp';

/** An uploaded picture (migration 0031-product-media), addressed by the SHA-256 of its bytes. */
export interface MediaTable {
  hash: string;
  mime_type: MediaType;
  width: number;
  height: number;
  byte_size: number;
  bytes: Uint8Array;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface MediaTables {
  media: MediaTable;
}
