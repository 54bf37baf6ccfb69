import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The ustar subset the embedded database's backups are made of (npm run db:backup): regular files
 * and directories, streamed a chunk at a time, so that neither the API nor the tools hold a data
 * directory in memory. Any tar reads the result (`tar -tzf`).
 */
const BLOCK = 512;

export interface TarEntry {
  /** Path inside the archive, `/`-separated; directories end with `/`. */
  name: string;
  type: 'file' | 'directory';
  size: number;
}

/** One event of an archive being read: an entry's header, then its content in chunks. */
export type TarEvent = { entry: TarEntry } | { data: Buffer };

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header.subarray(offset, offset + length).toString('latin1').replace(/\0.*$/s, '').trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** The header's checksum: the sum of its bytes, with the checksum field itself counted as spaces. */
function checksum(header: Buffer): number {
  let sum = 8 * 0x20;
  for (let i = 0; i < BLOCK; i++) if (i < 148 || i >= 156) sum += header[i]!;
  return sum;
}

/** One ustar header block. */
export function tarHeader(name: string, type: TarEntry['type'], size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  // Names over 100 bytes go in two parts, prefix/name, split at a slash (ustar).
  let prefix = '';
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const split = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, split);
    rest = name.slice(split + 1);
    if (split < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(rest) > 100) throw new Error(`Path too long for the archive: ${name}`);
  }
  header.write(rest, 0, 100, 'utf8');
  writeOctal(header, 100, 8, type === 'directory' ? 0o700 : 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write(type === 'directory' ? '5' : '0', 156, 1, 'latin1');
  header.write('ustar\0', 257, 6, 'latin1');
  header.write('00', 263, 2, 'latin1');
  header.write(prefix, 345, 155, 'utf8');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return header;
}

/** Bytes read from a file at a time; a file up to this size is read in one call. */
const READ_CHUNK = 1024 * 1024;

/**
 * The directory's files and subdirectories as a tar archive, in name order; `skip` leaves out
 * entries by their archive name. Anything but a regular file or a directory is left out too.
 * Reads are synchronous, a chunk of at most 1 MiB per step, with the event loop free between
 * steps: a data directory is thousands of small files, which async reads took ten times as long
 * to go through (their per-call cost, not the disk).
 */
export async function* packDirectory(root: string, skip: (name: string) => boolean = () => false): AsyncGenerator<Buffer> {
  function* walk(dir: string, prefix: string): Generator<Buffer> {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stats = lstatSync(path);
      if (stats.isDirectory()) {
        if (skip(`${prefix}${name}/`)) continue;
        yield tarHeader(`${prefix}${name}/`, 'directory', 0, stats.mtime);
        yield* walk(path, `${prefix}${name}/`);
      } else if (stats.isFile() && !skip(`${prefix}${name}`)) {
        yield tarHeader(`${prefix}${name}`, 'file', stats.size, stats.mtime);
        yield* fileContent(path, stats.size);
        if (stats.size % BLOCK) yield Buffer.alloc(BLOCK - (stats.size % BLOCK));
      }
    }
  }
  for (const chunk of walk(root, '')) yield chunk;
  yield Buffer.alloc(2 * BLOCK);
}

/** A file's bytes in chunks; throws when it is not `size` bytes long (it changed while archived). */
function* fileContent(path: string, size: number): Generator<Buffer> {
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(size - read, 1)));
      const n = readSync(fd, chunk, 0, chunk.length, read);
      if (n === 0) break;
      read += n;
      if (read > size) break;
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
    }
    if (read !== size) throw new Error(`${path} changed while it was archived`);
  } finally {
    closeSync(fd);
  }
}

/** Reads an archive's entries and their content as they stream in; throws on a header that is not tar, or an archive cut short. */
export async function* readTar(input: AsyncIterable<Buffer>): AsyncGenerator<TarEvent> {
  let pending: Buffer = Buffer.alloc(0);
  let remaining = 0;
  let padding = 0;
  for await (const chunk of input) {
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length > 0) {
      if (remaining > 0) {
        const data = pending.subarray(0, Math.min(remaining, pending.length));
        remaining -= data.length;
        pending = pending.subarray(data.length);
        yield { data };
      } else if (padding > 0) {
        const skipped = Math.min(padding, pending.length);
        padding -= skipped;
        pending = pending.subarray(skipped);
      } else if (pending.length < BLOCK) {
        break;
      } else {
        const header = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (header.every((byte) => byte === 0)) return; // the end
        if (header.subarray(257, 262).toString('latin1') !== 'ustar' || readOctal(header, 148, 8) !== checksum(header)) throw new Error('Not a tar archive');
        const typeFlag = String.fromCharCode(header[156]!);
        const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
        const base = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
        const size = readOctal(header, 124, 12);
        const type = typeFlag === '5' ? 'directory' : typeFlag === '0' || typeFlag === '\0' ? 'file' : undefined;
        if (!type) throw new Error(`Unexpected entry type ${JSON.stringify(typeFlag)} for ${base}`);
        yield { entry: { name: prefix ? `${prefix}/${base}` : base, type, size } };
        remaining = size;
        padding = (BLOCK - (size % BLOCK)) % BLOCK;
      }
    }
  }
  if (remaining > 0 || padding > 0 || pending.length > 0) throw new Error('The archive is cut short');
}
