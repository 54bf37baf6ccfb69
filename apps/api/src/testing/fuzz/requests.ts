import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { brokenSomewhere, HUGE_LENGTH, jsonText, nastyString, nastyValue, schemaArbitraries, type Hints, type JsonSchema } from './schema-arbitraries.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** The document's path, `{name}` for a path parameter. */
  path: string;
  tag: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { tags: string[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      tag: operation.tags[0] ?? '',
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** A request as it goes on the wire. */
export interface FuzzRequest {
  method: string;
  /** Path and query, percent-encoded here: `..`, `%zz` and raw slashes reach the server as they are. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** The bearer tokens of the run: a signed-in customer's and the admin's. */
export interface Credentials {
  customer: string;
  admin: string;
}

/**
 * The longest percent-encoded value put in a URL: a request line over Node's 16 KiB header limit
 * is refused before it reaches the API (the fuzz test has a case of its own for it).
 */
const MAX_URL_VALUE = 4096;

const percent = (byte: number) => {
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
};

/** Percent-encodes the UTF-8 bytes of a string, unreserved characters aside (a lone surrogate goes as U+FFFD), cut at MAX_URL_VALUE. */
function encode(value: string): string {
  let out = '';
  for (const point of value) {
    const encoded = [...Buffer.from(point, 'utf8')].map(percent).join('');
    if (out.length + encoded.length > MAX_URL_VALUE) break;
    out += encoded;
  }
  return out;
}

/** Query values: an array is a repeated key; objects go as JSON. */
function serialize(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => serialize(item));
  if (typeof value === 'string') return [value];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

type Pairs = [string, string][];

/** Path segments no router should trip on: traversal, broken or overlong percent-encoding, encoded slashes, RTL. */
const RAW_SEGMENTS = ['', '.', '..', '%', '%zz', '%00', '%2e%2e', '%2F', 'a/b', '..%2F..%2Fetc%2Fpasswd', '%ED%A0%80', '%C0%AF', '%FF', '%E2%80%AE', '1;DROP', '-1', '0', '1e3', '00000000000000000000000001'];

/** Bodies that are not the JSON of any schema: broken, empty, of the wrong kind, too deep to walk, over the size limit. */
const RAW_BODIES = fc.noShrink(
  fc.constantFrom(
    '',
    '   ',
    '{',
    '{"a":1,}',
    "{'a':1}",
    'null',
    'true',
    '"text"',
    '[]',
    '0',
    'NaN',
    '\u0000',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    `${'['.repeat(HUGE_LENGTH / 4)}${']'.repeat(HUGE_LENGTH / 4)}`,
    `${'{"a":'.repeat(HUGE_LENGTH / 10)}1${'}'.repeat(HUGE_LENGTH / 10)}`,
    'x'.repeat(1_100_000),
  ),
);

const MALFORMED_TOKENS = ['x', 'null', 'Bearer', 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.', 'a.b.c', '../../admin-token'];

/**
 * Requests to one operation: each part (path parameters, query, body) valid against the document
 * or broken, sent without credentials, with a customer's token (query or bearer), a malformed one,
 * or the admin's.
 */
export function requestArbitrary(operation: Operation, document: OpenApiDocument, hints: Hints, credentials: Credentials): fc.Arbitrary<FuzzRequest> {
  const { valid, invalid } = schemaArbitraries(document.components.schemas, hints);
  /** Each part of a request is valid three times in four. */
  const either = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: bad });

  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const segment = (p: Parameter) =>
    either(
      (hints(p.name, p.schema) ?? fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/)).map((value) => encode(String(value))),
      fc.oneof(fc.constantFrom(...RAW_SEGMENTS), nastyString.map(encode)),
    );
  const path = fc.tuple(...pathParams.map(segment)).map((segments) => pathParams.reduce((out, p, i) => out.replace(`{${p.name}}`, segments[i]!), operation.path));

  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const required = queryParams.filter((p) => p.required).map((p) => p.name);
  const goodQuery = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, p.name)])), { requiredKeys: required });
  const toPairs = (query: Record<string, unknown>): Pairs => Object.entries(query).flatMap(([name, value]) => serialize(value).map((v): [string, string] => [name, v]));
  const badQueries: fc.Arbitrary<Pairs>[] = [fc.tuple(goodQuery, nastyString, nastyString).map(([query, name, value]) => [...toPairs(query), [name, value]])];
  if (queryParams.length > 0) {
    const broken = fc.oneof(...queryParams.map((p) => invalid(p.schema).map((bad) => [p.name, bad] as const)));
    badQueries.push(fc.tuple(goodQuery, broken).map(([query, [name, bad]]) => toPairs({ ...query, [name]: bad })));
    badQueries.push(fc.tuple(goodQuery, fc.constantFrom(...queryParams)).chain(([query, p]) => valid(p.schema, p.name).map((again) => [...toPairs(query), ...toPairs({ [p.name]: again })])));
  }
  if (required.length > 0) {
    badQueries.push(fc.tuple(goodQuery, fc.constantFrom(...required)).map(([query, name]) => toPairs(query).filter(([key]) => key !== name)));
  }
  const query = either(goodQuery.map(toPairs), fc.oneof(...badQueries));

  const body: fc.Arbitrary<string | undefined> = operation.body
    ? either(valid(operation.body).map(jsonText), fc.oneof(invalid(operation.body).map(jsonText), brokenSomewhere(valid(operation.body)).map(jsonText), RAW_BODIES))
    : either(fc.constant(undefined), fc.oneof(RAW_BODIES, nastyValue.map(jsonText)));

  const hasTokenParam = queryParams.some((p) => p.name === 'token');
  const admin = operation.tag === 'admin';
  const auth = fc.oneof(
    { weight: 1, arbitrary: fc.constant<[string, string] | undefined>(undefined) },
    { weight: admin ? 1 : 3, arbitrary: fc.constantFrom<[string, string]>(['customer', credentials.customer], ['admin', credentials.admin]) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_TOKENS, `${credentials.customer}x`, credentials.customer.slice(0, -4)).map((token): [string, string] => ['malformed', token]) },
    { weight: admin ? 4 : 0, arbitrary: fc.constant<[string, string]>(['admin', credentials.admin]) },
  );
  const inQuery = fc.boolean();

  return fc.record({ path, query, body, auth, inQuery }).map(({ path, query, body, auth, inQuery }) => {
    const token = auth?.[1];
    const asQuery = token !== undefined && hasTokenParam && inQuery && auth?.[0] !== 'admin';
    const pairs = asQuery ? [...query.filter(([name]) => name !== 'token'), ['token', token] as [string, string]] : query;
    const search = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
    const fuzzRequest: FuzzRequest = {
      method: operation.method,
      target: `${path}${search ? `?${search}` : ''}`,
      headers: token !== undefined && !asQuery ? { authorization: `Bearer ${token}` } : {},
      body,
    };
    return Object.assign(fuzzRequest, { [fc.toStringMethod]: () => describe(fuzzRequest) });
  });
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** A request in one readable line, long parts clipped (fast-check prints counterexamples with it). */
export function describe(req: FuzzRequest): string {
  return `${req.method} ${clip(req.target)}${req.headers.authorization ? ` [${clip(req.headers.authorization, 40)}]` : ''}${req.body === undefined ? '' : ` body ${clip(JSON.stringify(req.body))}`}`;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends a request to the API; an answer that does not come within `timeoutMs` is an error (a hang). */
export function send(baseUrl: string, req: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error(`No answer within ${timeoutMs} ms: ${describe(req)}`));
    }, timeoutMs);
    // Content-Length always: Node sends a GET's body unframed otherwise, and the server reads it as the next request.
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body ?? '')), ...req.headers };
    const outgoing = request({ host: hostname, port, method: req.method, path: req.target, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(req.body);
  });
}

export const closeConnections = () => agent.destroy();
