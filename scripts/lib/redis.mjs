// Redis for `npm run start:prod` (ADR 0024): the page cache the storefront instances share. A
// cache only: nothing persisted, least recently used entries dropped at its memory limit.
import { Socket } from 'node:net';
import { installIfMissing, runs } from './debian.mjs';

/** The redis-server command line on loopback `port` (it ends with its parent's SIGTERM). */
export function redisCommand({ port, memoryMb = 256 }) {
  installIfMissing({ name: 'Redis', packages: ['redis-server'], present: () => runs('redis-server', ['--version']) });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', `${memoryMb}mb`, '--maxmemory-policy', 'allkeys-lru'];
  return { command: 'redis-server', args };
}

/** Whether Redis at 127.0.0.1:`port` answers PING. */
export function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}
