import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './router.ts';

/** Node's HTTP parser errors a client can cause, with the status and message the envelope says. */
const PARSER_ERRORS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields too large: the request line and headers may take at most 16 KiB'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout'],
};

/**
 * Answers a request Node refuses before any handler runs (a request line or headers over its 16 KiB
 * limit, a malformed request) in the `{ code, result }` envelope, as every other refusal, instead of
 * Node's bare default; then closes the connection, whose parser state is lost.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = PARSER_ERRORS[error.code ?? ''] ?? [400, 'Bad request: the request is not valid HTTP'];
  endWithEnvelope(socket, status, message);
}

/** The methods the API's routes use (http/route.ts Method). */
const API_METHODS = 'GET, POST, PUT, DELETE';

/**
 * Answers CONNECT 405 like TRACE and every other method the API does not serve. Node hands CONNECT
 * to a 'connect' listener, not to the request handler, and without one it drops the connection.
 */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  endWithEnvelope(socket, 405, 'Method CONNECT is not allowed', { allow: API_METHODS });
}

/** Writes a whole answer in the envelope straight to the socket and closes it. */
function endWithEnvelope(socket: Duplex, status: number, message: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify({ code: status, result: message });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
    ...extra,
    ...SECURITY_HEADERS,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}
