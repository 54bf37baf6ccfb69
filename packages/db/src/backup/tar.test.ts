import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractEmbeddedBackup, isEmbeddedBackup } from './data-dir.ts';
import { packDirectory, readTar, tarHeader } from './tar.ts';

const work = mkdtempSync(join(tmpdir(), 'shop-tar-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LONG = `${'cartella-dal-nome-lungo/'.repeat(5)}file-in-fondo.dat`; // over ustar's 100 bytes
const FILES: Record<string, string> = {
  PG_VERSION: '17\n',
  'base/1/112': 'p'.repeat(9000),
  'base/1/113': 'b'.repeat(512),
  'global/pg_control': '',
  [LONG]: 'fine',
};

/** A directory shaped like a small data directory, with what a backup leaves out. */
function dataDir(name: string): string {
  const dir = join(work, name);
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  mkdirSync(join(dir, 'pg_tblspc'));
  writeFileSync(join(dir, '.shop.lock'), '4242');
  symlinkSync('/etc/passwd', join(dir, 'link'));
  return dir;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

async function entries(archive: Buffer): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  let current = '';
  for await (const event of readTar(Readable.from([archive.subarray(0, 700), archive.subarray(700)]))) {
    if ('entry' in event) found[(current = event.entry.name)] = event.entry.type === 'directory' ? '<dir>' : '';
    else found[current] += event.data.toString();
  }
  return found;
}

describe('packDirectory and readTar', () => {
  const source = dataDir('source');

  it('archive every file and directory in name order, leaving out what `skip` names and anything not a file or directory', async () => {
    const archive = await collect(packDirectory(source, (name) => name === '.shop.lock'));
    expect(await entries(archive)).toEqual({
      PG_VERSION: '17\n',
      'base/': '<dir>',
      'base/1/': '<dir>',
      'base/1/112': FILES['base/1/112'],
      'base/1/113': FILES['base/1/113'],
      ...Object.fromEntries(LONG.split('/').slice(0, -1).map((_, i, parts) => [`${parts.slice(0, i + 1).join('/')}/`, '<dir>'])),
      [LONG]: 'fine',
      'global/': '<dir>',
      'global/pg_control': '',
      'pg_tblspc/': '<dir>',
    });
  });

  it('writes an archive the system tar reads alike', async () => {
    const file = join(work, 'system.tar.gz');
    writeFileSync(file, gzipSync(await collect(packDirectory(source))));
    const into = join(work, 'system');
    mkdirSync(into);
    const untar = spawnSync('tar', ['-xzf', file, '-C', into], { encoding: 'utf8' });
    expect(untar.stderr).toBe('');
    for (const [path, content] of Object.entries(FILES)) expect(readFileSync(join(into, path), 'utf8')).toBe(content);
  });

  it('refuses what is not tar, and an archive cut short', async () => {
    await expect(entries(Buffer.alloc(512, 7))).rejects.toThrow('Not a tar archive');
    const archive = await collect(packDirectory(source));
    await expect(entries(archive.subarray(0, 512 + 4000))).rejects.toThrow('The archive is cut short');
  });
});

describe('embedded backups', () => {
  const backup = (name: string, archive: Buffer) => {
    const file = join(work, name);
    writeFileSync(file, gzipSync(archive));
    return file;
  };

  it('are gzipped archives with PG_VERSION at the root; unpacked, they give back the files', async () => {
    const file = backup('good.tar.gz', await collect(packDirectory(dataDir('good'))));
    expect(await isEmbeddedBackup(file)).toBe(true);
    const into = join(work, 'restored');
    await extractEmbeddedBackup(file, into);
    for (const [path, content] of Object.entries(FILES)) expect(readFileSync(join(into, path), 'utf8')).toBe(content);
  });

  it('anything else is not one: another directory, gzipped text, an empty file', async () => {
    const other = join(work, 'other');
    mkdirSync(join(other, 'base/1'), { recursive: true });
    writeFileSync(join(other, 'base/1/PG_VERSION'), '17\n');
    expect(await isEmbeddedBackup(backup('other.tar.gz', await collect(packDirectory(other))))).toBe(false);
    expect(await isEmbeddedBackup(backup('text.gz', Buffer.from('SELECT 1;\n'.repeat(100))))).toBe(false);
    writeFileSync(join(work, 'empty'), '');
    expect(await isEmbeddedBackup(join(work, 'empty'))).toBe(false);
  });

  it('unpack nothing outside the target directory', async () => {
    for (const [i, name] of ['../fuori', '/etc/fuori', 'base/../../fuori'].entries()) {
      const archive = Buffer.concat([tarHeader('PG_VERSION', 'file', 0, new Date()), tarHeader(name, 'file', 0, new Date()), Buffer.alloc(1024)]);
      await expect(extractEmbeddedBackup(backup('evil.tar.gz', archive), join(work, `evil-${i}`))).rejects.toThrow(`Unsafe path in the backup: ${name}`);
    }
    expect(() => readFileSync(join(work, 'fuori'))).toThrow();
  });
});
