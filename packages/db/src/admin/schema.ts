import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string | null, string | null>;

export type StaffRole = 'owner' | 'staff';

/** A back-office user (migration 0023-back-office-staff). */
export interface StaffUserTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: one user per address whatever its case. */
  email_key: string;
  /** argon2id PHC string. */
  password_hash: string;
  role: StaffRole;
  /** The confirmed TOTP secret, encrypted (AES-256-GCM); null: no second factor. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret enrolled but not yet confirmed with a code, encrypted. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffRecoveryCodeTable {
  staff_id: number;
  /** sha256 of the normalised code; the row is deleted when the code is used. */
  code_hash: string;
}

export interface StaffSessionTable {
  /** sha256 of the cookie's token. */
  token_hash: string;
  staff_id: number;
  /** An owner without TOTP in production: the session may only enrol. */
  enrol_only: Generated<boolean>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute end (created + 8 h). */
  expires_at: Timestamp;
}

export interface AdminAuditTable {
  id: Generated<number>;
  staff_id: number | null;
  staff_email: string;
  at: Timestamp;
  action: string;
  object_type: string;
  object_id: string;
  before: Jsonb<unknown>;
  after: Jsonb<unknown>;
}

/** A program's key to the back office's API (migration 0029): `bpk_<prefix>_<secret>`, the secret kept as its SHA-256. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  /** sha256 (hex) of the secret part. */
  secret_hash: string;
  scopes: ColumnType<string[], string[], string[]>;
  /** The staff user who made it (null once that user is gone). */
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AdminTables {
  api_key: ApiKeyTable;
  staff_user: StaffUserTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_session: StaffSessionTable;
  admin_audit: AdminAuditTable;
}
