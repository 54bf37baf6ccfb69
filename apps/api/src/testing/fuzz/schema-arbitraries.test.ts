import { cartDeleteBody, cartUpdateBody, setFeesBody, shippingInformationBody, shippingMethodsBody } from '@shop/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brokenSomewhere, jsonText, schemaArbitraries, type JsonSchema } from './schema-arbitraries.ts';

/** The JSON Schema of a request schema, as the OpenAPI document writes it (http/openapi.ts). */
const documented = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

describe('schemaArbitraries', () => {
  // Request schemas whose every rule the document shows (no refinements): a valid value must pass.
  const schemas: [string, z.ZodType][] = [
    ['cart update', cartUpdateBody],
    ['cart delete', cartDeleteBody],
    ['fee selection', setFeesBody],
    ['shipping methods', shippingMethodsBody],
    ['shipping information', shippingInformationBody],
  ];
  it.each(schemas)('draws valid values the %s schema accepts', (_name, schema) => {
    const { valid } = schemaArbitraries({});
    fc.assert(
      fc.property(valid(documented(schema)), (value) => {
        expect(schema.safeParse(JSON.parse(jsonText(value))).error?.issues).toBeUndefined();
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it('draws invalid values the schema refuses, for a schema that admits no other reading', () => {
    const strict = z.object({ code: z.string().regex(/^[A-Z]{2}$/), qty: z.number().int().min(1).max(10), tags: z.array(z.enum(['a', 'b'])).max(2) }).strict();
    const { invalid } = schemaArbitraries({});
    fc.assert(
      fc.property(invalid(documented(strict)), (value) => {
        expect(strict.safeParse(JSON.parse(jsonText(value))).success).toBe(false);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it('resolves references to the components', () => {
    const { valid } = schemaArbitraries({ Qty: { type: 'integer', minimum: 3, maximum: 5 } });
    fc.assert(fc.property(valid({ $ref: '#/components/schemas/Qty' }), (qty) => [3, 4, 5].includes(qty as number)), { seed: 1 });
  });

  it('breaks a value at any of its places, the deepest included', () => {
    const value = { a: { b: [1, 2], c: 'x' }, d: true };
    const places = [[], ['a'], ['a', 'b'], ['a', 'b', 0], ['a', 'b', 1], ['a', 'c'], ['d']];
    const at = (root: unknown, path: (string | number)[]) => JSON.stringify(path.reduce<any>((node, step) => node?.[step], root));
    const hit = new Set<string>();
    fc.assert(
      fc.property(brokenSomewhere(fc.constant(value)), (broken) => {
        const changed = places.filter((path) => at(broken, path) !== at(value, path));
        expect(changed).not.toEqual([]);
        hit.add(changed.at(-1)!.join('.'));
      }),
      { numRuns: 300, seed: 1 },
    );
    // The deepest place that changed: every leaf, an inner object, the whole value.
    expect([...hit]).toEqual(expect.arrayContaining(['', 'a', 'a.b.0', 'a.b.1', 'a.c', 'd']));
  });

  it('writes a value nested too deep for JSON.stringify as raw JSON text', () => {
    const { invalid } = schemaArbitraries({});
    const texts = fc.sample(invalid({ type: 'object', properties: { note: {} } }).map(jsonText), { numRuns: 2_000, seed: 1 });
    const deepest = texts.find((text) => text.includes('['.repeat(10_000)));
    expect(deepest).toBeDefined();
    expect(() => JSON.parse(deepest!)).not.toThrow();
  });
});
