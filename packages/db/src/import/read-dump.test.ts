import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat, readDump, type DumpRecord } from './read-dump.ts';

/** The shared Vue Storefront 1 fixtures beside the repository (../shared). */
const FIXTURES = fileURLToPath(new URL('../../../../../shared/fixtures/vsf/', import.meta.url));

const tmp = mkdtempSync(join(tmpdir(), 'read-dump-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

async function read(path: string): Promise<DumpRecord[]> {
  const out: DumpRecord[] = [];
  for await (const record of readDump(path, { label: 'f' })) out.push(record);
  return out;
}

function docs(records: DumpRecord[]) {
  return records.flatMap((r) => (r.kind === 'doc' ? [r] : []));
}

function skips(records: DumpRecord[]) {
  return records.flatMap((r) => (r.kind === 'skip' ? [{ source: r.source, reason: r.reason }] : []));
}

describe('readDump on the shared VSF fixtures', () => {
  it.each([
    ['catalog_it_category.json', 'category', 48],
    ['catalog_it_attribute.json', 'attribute', 80],
    ['catalog_it_taxrule.json', 'taxrule', 1],
    ['catalog_it_review.json', 'review', 971],
    ['catalog_it_cms_page.json', 'cms_page', 6],
    ['catalog_it_cms_block.json', 'cms_block', 20],
  ])('reads %s: one %s per hit, from the ES7 index name', async (name, entity, count) => {
    const records = await read(join(FIXTURES, name));
    expect(skips(records)).toEqual([]);
    expect(docs(records)).toHaveLength(count);
    expect(new Set(docs(records).map((d) => d.entity))).toEqual(new Set([entity]));
    expect(docs(records)[0]!.source).toBe('f:1');
  });

  it('reads the pretty-printed examples and reports their stray closing brackets', async () => {
    const product = await read(join(FIXTURES, 'product-data-format.json'));
    expect(docs(product).map((d) => [d.entity, d.doc.sku, d.esId])).toEqual([['product', '24-UG05', '19']]);
    expect(skips(product)).toEqual([{ source: 'f:977', reason: 'unexpected text outside a document: "]}"' }]);
    const attribute = await read(join(FIXTURES, 'attribute-data-format.json'));
    expect(docs(attribute).map((d) => d.entity)).toEqual(['attribute']);
    expect(skips(attribute)).toEqual([]);
    const taxrule = await read(join(FIXTURES, 'taxrule-data-format.json'));
    expect(docs(taxrule).map((d) => [d.entity, d.doc.code])).toEqual([['taxrule', 'Poland']]);
  });

  it('skips files that are no catalogue data, saying why', async () => {
    const records = await read(join(FIXTURES, 'testOrderAnon.json'));
    expect(docs(records)).toEqual([]);
    expect(skips(records)[0]!.reason).toMatch(/^not a catalogue document/);
  });
});

describe('readDump on synthetic dumps', () => {
  const hit = (id: number) => JSON.stringify({ _index: 'vue_storefront_catalog_product_1', _type: '_doc', _id: String(id), _source: { id, sku: `S${id}` } });

  it('reports a malformed NDJSON line with its number and reads the rest', async () => {
    const path = file('products.ndjson', [hit(1), hit(2), '{"_index": "x", "_source": {"id": 3,', hit(4), '', hit(5)].join('\n'));
    expect(await detectFormat(path)).toBe('lines');
    const records = await read(path);
    expect(docs(records).map((d) => d.doc.id)).toEqual([1, 2, 4, 5]);
    expect(docs(records).map((d) => d.source)).toEqual(['f:1', 'f:2', 'f:4', 'f:6']);
    expect(skips(records)).toHaveLength(1);
    expect(skips(records)[0]!.source).toBe('f:3');
    expect(skips(records)[0]!.reason).toMatch(/^malformed JSON: /);
  });

  it('reads NDJSON whose first line is damaged, and CRLF line ends', async () => {
    const records = await read(file('damaged.ndjson', ['{"_index": ', hit(1), hit(2)].join('\r\n')));
    expect(docs(records).map((d) => d.doc.id)).toEqual([1, 2]);
    expect(skips(records).map((s) => s.source)).toEqual(['f:1']);
  });

  it('reads a JSON array of bare documents, the entity taken from the file name', async () => {
    const path = file('categories.json', JSON.stringify([{ id: 3, name: 'A' }, { id: 4, name: 'B' }], null, 2));
    expect(await detectFormat(path)).toBe('json');
    const records = await read(path);
    expect(docs(records).map((d) => [d.entity, d.doc.id])).toEqual([['category', 3], ['category', 4]]);
  });

  it('reads an Elasticsearch search answer', async () => {
    const answer = { took: 1, hits: { total: 2, hits: [JSON.parse(hit(1)), JSON.parse(hit(2))] } };
    const records = await read(file('search.json', JSON.stringify(answer, null, 2)));
    expect(docs(records).map((d) => [d.entity, d.doc.sku])).toEqual([['product', 'S1'], ['product', 'S2']]);
  });

  it('reads bulk files: index and create actions with their documents', async () => {
    const lines = [
      '{"index":{"_index":"vue_storefront_catalog","_type":"product","_id":"1"}}',
      '{"id":1,"sku":"A"}',
      '{"create":{"_index":"vue_storefront_catalog_review_1","_id":"7"}}',
      '{"title":"ok","product_id":1}',
      '{"delete":{"_index":"vue_storefront_catalog","_type":"product","_id":"2"}}',
      '{"update":{"_index":"vue_storefront_catalog","_type":"product","_id":"3"}}',
      '{"doc":{"price":3}}',
      '{"index":{"_index":"vue_storefront_catalog","_type":"product","_id":"4"}}',
      '{"id":4,"sku":',
      '{"index":{"_type":"category","_id":"5"}}',
    ];
    const records = await read(file('dump.bulk', lines.join('\n')));
    expect(docs(records).map((d) => [d.entity, d.esId, d.source])).toEqual([
      ['product', '1', 'f:2'],
      ['review', '7', 'f:4'],
    ]);
    expect(skips(records).map((s) => s.source)).toEqual(['f:5', 'f:7', 'f:9', 'f:10']);
    expect(skips(records)[2]!.reason).toMatch(/malformed JSON.*bulk action on line 8/);
    expect(skips(records)[3]!.reason).toBe('bulk "index" action without a document');
  });

  it('reads a single pretty-printed object and reports a file that ends inside one', async () => {
    const one = await read(file('taxrule.json', JSON.stringify({ id: 2, rates: [] }, null, 4)));
    expect(docs(one).map((d) => d.entity)).toEqual(['taxrule']);
    const cut = await read(file('cut-reviews.json', '[\n{"id": 1, "product_id": 2},\n{"id": 2, "prod'));
    expect(docs(cut).map((d) => d.doc.id)).toEqual([1]);
    expect(skips(cut)).toEqual([{ source: 'f:3', reason: 'the file ends inside a document' }]);
  });
});
