import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_MESSAGES as K, API_KEY_SCOPES, apiKeyActor, type AdminApiKey, type AdminApiKeyCreateBody, type AdminApiKeyCreated, type ApiKeyScope } from '@shop/contracts';
import { textArray, type ApiKeyTable, type Db } from '@shop/db';
import type { Selectable } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from './audit.ts';

/** A key as the client sends it: `bpk_` + 8 hex characters (shown in lists) + `_` + 43 base64url characters (256 random bits). */
const KEY_PATTERN = /^bpk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;
/** last_used_at moves at most this often per key: a busy program makes no write per request. */
export const LAST_USED_EVERY_MS = 60_000;

type ApiKeyRow = Selectable<ApiKeyTable>;

/** A request's admitted API key (guard.ts). */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  scopes: readonly ApiKeyScope[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function present(row: ApiKeyRow): AdminApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** What an audit entry keeps of a key: never its hash. */
const audited = (key: AdminApiKey) => ({ name: key.name, prefix: key.prefix, scopes: key.scopes, revokedAt: key.revokedAt });

/** The back office's API keys (ADR 0030): created and revoked by the owner, checked by the guard. */
export class ApiKeys {
  /** When this process last moved each key's last_used_at. */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<AdminApiKey[]> {
    return (await this.db.selectFrom('api_key').selectAll().orderBy('id').execute()).map(present);
  }

  /** A new key, answered whole this once; its secret is kept as a hash only. */
  async create(body: AdminApiKeyCreateBody, actor: AuditActor): Promise<AdminApiKeyCreated> {
    const prefix = randomBytes(4).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const scopes = API_KEY_SCOPES.filter((scope) => body.scopes.includes(scope));
    const at = this.now();
    const key = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('api_key')
        .values({ name: body.name, prefix, secret_hash: sha256(secret), scopes: textArray(scopes), created_by: actor.id, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      const created = present(row);
      await recordAudit(trx, actor, { action: 'api_key.create', objectType: 'api_key', objectId: String(row.id), before: null, after: audited(created) }, at);
      return created;
    });
    return { ...key, key: `bpk_${prefix}_${secret}` };
  }

  /** Revokes a key (at once: the guard reads the row at every request); revoking it again answers it as it is. */
  async revoke(id: number, actor: AuditActor): Promise<AdminApiKey> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('api_key').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new HttpError(404, K.notFound);
      if (row.revoked_at !== null) return present(row);
      const revoked = present(await trx.updateTable('api_key').set({ revoked_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
      await recordAudit(trx, actor, { action: 'api_key.revoke', objectType: 'api_key', objectId: String(id), before: audited(present(row)), after: audited(revoked) }, at);
      return revoked;
    });
  }

  /** The live key a Bearer value names, or undefined (malformed, unknown, wrong secret or revoked). */
  async authenticate(bearer: string): Promise<ApiKeyPrincipal | undefined> {
    const match = KEY_PATTERN.exec(bearer);
    if (!match) return undefined;
    const row = await this.db.selectFrom('api_key').selectAll().where('prefix', '=', match[1]!).executeTakeFirst();
    if (!row || row.revoked_at !== null) return undefined;
    if (!timingSafeEqual(Buffer.from(sha256(match[2]!)), Buffer.from(row.secret_hash))) return undefined;
    await this.markUsed(row.id);
    return { id: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[] };
  }

  /** Moves last_used_at when this process has not in the last minute; the condition keeps other instances from writing more often. */
  private async markUsed(id: number): Promise<void> {
    const now = this.now();
    const last = this.touched.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
    this.touched.set(id, now.getTime());
    await this.db
      .updateTable('api_key')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(now.getTime() - LAST_USED_EVERY_MS))]))
      .execute();
  }
}

/** The audit actor of a key's writes. */
export const apiKeyAuditActor = (key: ApiKeyPrincipal): AuditActor => ({ id: null, email: apiKeyActor(key.name) });
