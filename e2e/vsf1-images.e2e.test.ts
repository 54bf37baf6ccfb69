import { describe, expect, inject, it } from 'vitest';

/*
 * Issue #47 point 2 through the shop's one public port: a Vue Storefront 1 PWA whose
 * `images.baseUrl` is `https://<shop>/img/` gets its pictures from the API behind the storefront.
 */
const baseUrl = inject('baseUrl');

/** The picture of a product of the demo catalogue, as the catalogue names it (`/demo/…`). */
async function aProductImage(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityType: 'product', filters: { status: { eq: 1 } }, size: 20, includeFields: ['image'] }),
  });
  const items = ((await res.json()) as { result: { items: { image?: string }[] } }).result.items;
  const image = items.map((item) => item.image).find((path) => path?.startsWith('/'));
  expect(image).toBeDefined();
  return image!;
}

describe('Vue Storefront 1 pictures on the shop’s address', () => {
  it('draws a thumbnail snapped to an allowed width, describes a picture, and refuses a path out of the catalogue', async () => {
    const image = await aProductImage();
    const thumbnail = await fetch(`${baseUrl}/img/300/300/resize${image}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toContain('immutable');
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const identified = await fetch(`${baseUrl}/img/0/0/identify${image}`);
    expect(identified.status).toBe(200);
    expect(await identified.json()).toMatchObject({ format: expect.any(String), width: expect.any(Number), height: expect.any(Number) });

    const outside = await fetch(`${baseUrl}/img/300/300/resize/..%2F..%2Fetc%2Fpasswd`);
    expect(outside.status).toBe(400);
  });
});
