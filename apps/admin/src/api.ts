import type { HttpError } from '@refinedev/core';
import { t } from './i18n/translate.ts';

/**
 * The one caller of the back office's API: `{ code, result }` envelopes, the session cookie
 * (sent by the browser, Path=/api/admin) and the session's CSRF token on every write.
 */
export class ApiError extends Error implements HttpError {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
/** Set from every session answer (sign-in, GET /session, TOTP confirmation); cleared at sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type Listener = () => void;
const sessionEnded = new Set<Listener>();
/** Called when a request of a signed-in user answers 401: the session expired or was ended. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEnded.add(listener);
  return () => sessionEnded.delete(listener);
}

export function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, body === undefined ? undefined : { body: JSON.stringify(body), type: 'application/json' });
}

/** Sends a file as the request body (a picture, a price CSV), typed as the browser knows it unless `type` says. */
export function upload<T>(path: string, file: Blob, type = file.type || 'application/octet-stream'): Promise<T> {
  return request<T>('POST', path, { body: file, type });
}

async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, content?: { body: BodyInit; type: string }): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (content) headers['content-type'] = content.type;
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let answer: { code: number; result: unknown };
  let status: number;
  try {
    const response = await fetch(`/api/admin${path}`, { method, headers, credentials: 'same-origin', ...(content ? { body: content.body } : {}) });
    status = response.status;
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new ApiError(0, t('common.unreachable'));
  }
  if (status >= 400) {
    // Sign-in's own 401 (wrong password, code needed) is an answer, not an ended session.
    if (status === 401 && csrfToken !== null && path !== '/session') for (const listener of sessionEnded) listener();
    throw new ApiError(status, typeof answer.result === 'string' ? answer.result : t('common.unreachable'));
  }
  return answer.result as T;
}

/** A query string of the defined, non-empty values. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
