import { describe, expect, it } from 'vitest';
import { splitJsonValues, type JsonPiece } from './json-values.ts';

async function split(text: string, chunkSize = text.length): Promise<JsonPiece[]> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
  }
  const out: JsonPiece[] = [];
  for await (const piece of splitJsonValues(chunks())) out.push(piece);
  return out;
}

describe('splitJsonValues', () => {
  const pretty = '{\n  "a": 1,\n  "b": "}{\\"]"\n},\n{\n  "c": [1, {"d": 2}]\n}\n';

  it('splits pretty-printed objects one after another, whatever the chunk size', async () => {
    for (const size of [1, 3, 7, pretty.length]) {
      const pieces = await split(pretty, size);
      expect(pieces.map((p) => [p.kind, p.line])).toEqual([['value', 1], ['value', 5]]);
      expect(pieces.map((p) => JSON.parse(p.text))).toEqual([{ a: 1, b: '}{"]' }, { c: [1, { d: 2 }] }]);
    }
  });

  it('yields the elements of a top-level array', async () => {
    const pieces = await split('[\n{"id":1},\n{"id":2}\n]\n', 2);
    expect(pieces.map((p) => JSON.parse(p.text))).toEqual([{ id: 1 }, { id: 2 }]);
    expect(pieces.map((p) => p.line)).toEqual([2, 3]);
  });

  it('reports text outside any value with its line, and goes on', async () => {
    const pieces = await split('{"a":1}\n    ]\n  }\n{"b":2}');
    expect(pieces).toEqual([
      { kind: 'value', text: '{"a":1}', line: 1 },
      { kind: 'stray', text: ']}', line: 2 },
      { kind: 'value', text: '{"b":2}', line: 4 },
    ]);
  });

  it('reports a value the text ends inside of', async () => {
    const pieces = await split('{"a":1}\n{"b": {"c": 2}');
    expect(pieces.map((p) => [p.kind, p.line])).toEqual([['value', 1], ['truncated', 2]]);
  });
});
