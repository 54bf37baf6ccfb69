import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string, string>;

/** A customer account (migration 0012-accounts). */
export interface CustomerTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: one account per address whatever its case. */
  email_key: string;
  firstname: string;
  lastname: string;
  /** argon2id PHC string; null for an account made at checkout until its password is set. */
  password_hash: string | null;
  group_id: Generated<number>;
  /** In every access token: bumping it revokes them all (password change, logout everywhere). */
  token_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  /** The address in the shop's order-address shape (Italian fiscal fields included). */
  address: Jsonb<Record<string, unknown>>;
  default_shipping: boolean;
  default_billing: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokenTable {
  token_hash: string;
  family: string;
  customer_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasswordResetTable {
  token_hash: string;
  customer_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  points: number;
  expire: ColumnType<string | null, number | null, number | null>;
}

export interface AccountTables {
  customer: CustomerTable;
  customer_address: CustomerAddressTable;
  refresh_token: RefreshTokenTable;
  password_reset: PasswordResetTable;
  rate_limit: RateLimitTable;
}
