import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { packDirectory } from '@shop/db';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName, backupKindOf } from './files.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-backup-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('backupKindOf: what a file holds, from its content whatever its name', () => {
  it('a pg_dump custom-format archive is a server backup; a gzipped data directory an embedded one; anything else neither', async () => {
    expect(await backupKindOf(file('shop.tar.gz', Buffer.concat([Buffer.from('PGDMP'), Buffer.from([1, 14, 0, 4, 8])])))).toBe('server');
    const data = join(dir, 'data');
    mkdirSync(join(data, 'base'), { recursive: true });
    writeFileSync(join(data, 'PG_VERSION'), '17\n');
    const archive: Buffer[] = [];
    for await (const chunk of packDirectory(data)) archive.push(chunk);
    expect(await backupKindOf(file('shop.dump', gzipSync(Buffer.concat(archive))))).toBe('embedded');
    expect(await backupKindOf(file('plain.sql', '--\n-- PostgreSQL database dump\n--\n'))).toBeUndefined();
    expect(await backupKindOf(file('empty', ''))).toBeUndefined();
  });
});

describe('backupFileName', () => {
  it('names the kind and the UTC time, sortable and valid on every file system', () => {
    const at = new Date('2026-05-01T02:15:07.123Z');
    expect(backupFileName('/var/backups', 'embedded', at)).toBe('/var/backups/shop-embedded-2026-05-01T02-15-07Z.tar.gz');
    expect(backupFileName('/var/backups', 'server', at, '-before-restore')).toBe('/var/backups/shop-postgres-2026-05-01T02-15-07Z-before-restore.dump');
  });
});
