import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads the `.eml` files the file transport writes (tests, and anyone checking the outbox by
 * script): headers, and the text and HTML parts decoded from quoted-printable or base64. Only
 * what nodemailer produces is understood (UTF-8, multipart/alternative); no dependencies.
 */
export interface ParsedMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const end = part.search(/\r?\n\r?\n/);
  const head = end < 0 ? part : part.slice(0, end);
  const body = end < 0 ? '' : part.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

function collectParts(headers: Record<string, string>, body: string, into: { text: string; html: string }): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitHeaders(part.replace(/^\r?\n/, ''));
      collectParts(inner.headers, inner.body, into);
    }
    return;
  }
  const decoded = decodeBody(headers, body).replace(/\r?\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) into.html ||= decoded;
  else if (type.toLowerCase().startsWith('text/plain')) into.text ||= decoded;
}

/** Parses one `.eml` message. */
export function parseEml(source: string, file = ''): ParsedMail {
  const { headers, body } = splitHeaders(source);
  const parts = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    file,
    from: decodeHeader(headers.from ?? ''),
    to: decodeHeader(headers.to ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    text: parts.text,
    html: parts.html,
    headers,
  };
}

/** Every mail in an outbox folder, oldest file name first (names start with the order number). */
export function readOutbox(dir: string): ParsedMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => parseEml(readFileSync(join(dir, file), 'utf8'), file));
}
