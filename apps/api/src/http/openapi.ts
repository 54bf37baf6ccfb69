import { z } from 'zod';
import { errorEnvelope } from '@shop/contracts';
import { DEFAULT_MAX_BODY_BYTES } from './body.ts';
import { countsAsWrite, type AnyRoute } from './route.ts';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a zod schema for the document. Schemas named with `.meta({ id })` land in
 * components.schemas and are referenced from there.
 */
function schemaConverter(components: Record<string, JsonSchema>) {
  return (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    const relink = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[id] = relink(def);
    return relink(rest);
  };
}

function queryParameters(schema: z.ZodType, schemaOf: ReturnType<typeof schemaConverter>) {
  const json = schemaOf(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

/** OpenAPI 3.1 document built from the same zod schemas that validate requests. */
export function buildOpenApi(routes: readonly AnyRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = {};
  const schemaOf = schemaConverter(components);
  const errorResponse = { content: { 'application/json': { schema: schemaOf(errorEnvelope, 'output') } } };
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const pathParams = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.apiKeyScope ? { 'x-api-key-scope': route.apiKeyScope } : {}),
      parameters: [...pathParams, ...(route.query ? queryParameters(route.query, schemaOf) : [])],
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } }
        : route.rawBody && route.consumes
          ? { requestBody: { required: true, content: { [route.consumes]: { schema: { type: 'string' } } } } }
          : {}),
      ...(route.binaryBody
        ? { requestBody: { required: true, content: Object.fromEntries(route.binaryBody.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          content: route.produces
            ? { [route.produces]: { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: schemaOf(z.object({ code: z.number().int(), result: route.response }), 'output') } },
        },
        '400': { description: 'Invalid input', ...errorResponse },
        '404': { description: 'Not found', ...errorResponse },
        ...(route.body || route.rawBody || route.binaryBody
          ? { '413': { description: `Request body over ${route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes`, ...errorResponse } }
          : {}),
        ...(countsAsWrite(route) ? { '429': { description: 'Too many writes from this client address: try again after Retry-After seconds', ...errorResponse } } : {}),
        '500': { description: 'Internal error', ...errorResponse },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop commerce API',
      version,
      description: 'Every answer is an envelope { code, result }; code repeats the HTTP status.',
    },
    paths,
    components: { schemas: components },
  };
}
