import { z } from 'zod';
import { errorEnvelope } from '@shop/contracts';
import type { AnyRoute } from './route.ts';

function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

function queryParameters(schema: z.ZodType) {
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
      parameters: [...pathParams, ...(route.query ? queryParameters(route.query) : [])],
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          content: {
            'application/json': {
              schema: schemaOf(z.object({ code: z.number().int(), result: route.response }), 'output'),
            },
          },
        },
        '400': { description: 'Invalid input', ...errorResponse },
        '404': { description: 'Not found', ...errorResponse },
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
  };
}
