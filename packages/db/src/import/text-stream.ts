import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** Streams a UTF-8 file as text chunks (BOM dropped), reporting the bytes read. */
export async function* readText(path: string, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const buffer of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    onBytes?.(buffer.length);
    let text = decoder.write(buffer);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The lines of streamed text with their numbers (from 1), without line terminators. */
export async function* splitLines(chunks: AsyncIterable<string>): AsyncGenerator<{ text: string; line: number }> {
  // The unfinished line is kept in parts so that a line longer than a chunk costs no copying.
  let carry: string[] = [];
  let line = 0;
  const finish = (text: string) => ({ text: text.endsWith('\r') ? text.slice(0, -1) : text, line: ++line });
  for await (const chunk of chunks) {
    const pieces = chunk.split('\n');
    const last = pieces.pop()!;
    for (const piece of pieces) {
      yield finish(carry.length ? carry.join('') + piece : piece);
      carry = [];
    }
    if (last) carry.push(last);
  }
  if (carry.length) yield finish(carry.join(''));
}

/** The first `limit` bytes of a file, as text. */
export async function readHead(path: string, limit: number): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(limit);
    const { bytesRead } = await file.read(buffer, 0, limit, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    await file.close();
  }
}
