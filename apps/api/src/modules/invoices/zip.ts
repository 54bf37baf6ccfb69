import { crc32, deflateRawSync } from 'node:zlib';

/** The classic ZIP format's limits (no ZIP64): entries in the directory, bytes of any size or offset. */
const MAX_ENTRIES = 0xffff;
const MAX_BYTES = 0xffffffff;
/** Version 2.0 (deflate); made by Unix. Names are UTF-8 (general purpose flag bit 11). */
const VERSION = 20;
const MADE_BY = (3 << 8) | VERSION;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;

/** A day as the DOS date field (the time field stays 00:00). */
const dosDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return ((year - 1980) << 9) | (month << 5) | date;
};

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  date: number;
  offset: number;
}

/**
 * A ZIP archive written one file at a time (the month's invoices for the accountant): each file is
 * deflated as it is added and only its compressed bytes are kept, so a file's text is never held
 * longer than its own turn.
 */
export class ZipWriter {
  private readonly chunks: Buffer[] = [];
  private readonly entries: Entry[] = [];
  private offset = 0;

  /** Adds a file dated `day` (YYYY-MM-DD, from 1980). */
  add(name: string, content: Buffer, day: string): void {
    if (this.entries.length >= MAX_ENTRIES) throw new Error(`A ZIP without ZIP64 holds at most ${MAX_ENTRIES} files`);
    const data = deflateRawSync(content);
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: crc32(content), compressed: data.length, size: content.length, date: dosDate(day), offset: this.offset };
    if (entry.size > MAX_BYTES || this.offset + data.length > MAX_BYTES) throw new Error('A ZIP without ZIP64 holds at most 4 GiB');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    // No extra field (Buffer.alloc zero-fills).
    this.common(header, 6, entry);
    this.push(header, entry.name, data);
    this.entries.push(entry);
  }

  /** The whole archive: the files, then the central directory and its end record. */
  finish(): Buffer {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(MADE_BY, 4);
      header.writeUInt16LE(VERSION, 6);
      this.common(header, 8, entry);
      // Extra field, comment, disk number, internal and external attributes: none (zeros).
      header.writeUInt32LE(entry.offset, 42);
      this.push(header, entry.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.push(end);
    return Buffer.concat(this.chunks);
  }

  /** The fields the local header and the directory share, from flags to the name's length. */
  private common(header: Buffer, at: number, entry: Entry): void {
    header.writeUInt16LE(UTF8_NAMES, at);
    header.writeUInt16LE(DEFLATE, at + 2);
    header.writeUInt16LE(0, at + 4);
    header.writeUInt16LE(entry.date, at + 6);
    header.writeUInt32LE(entry.crc, at + 8);
    header.writeUInt32LE(entry.compressed, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  private push(...parts: Buffer[]): void {
    for (const part of parts) {
      this.chunks.push(part);
      this.offset += part.length;
    }
  }
}
