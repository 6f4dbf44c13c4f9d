import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@contract/envelope';
import { productPaths, type ProductImage, type ProductRecord, type VariantRecord } from '@contract/products';
import { MAX_PRODUCT_IMAGES, productImagePath } from '@contract/products-files';
import { cursorNow, startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;
let product: ProductRecord;

const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webp: [0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
};

/** Bytes that start like an image of the type, padded to a size. */
function image(type: keyof typeof SIGNATURES, size = 512): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31) % 251;
  bytes.set(SIGNATURES[type]);
  return bytes;
}

type Upload = { bytes: Uint8Array; name: string; type?: string };

async function upload(productId: number, files: Upload[], company: number | null = kit.anKhang, token = kit.an.access) {
  const form = new FormData();
  if (company !== null) form.set('company', String(company));
  for (const file of files)
    form.append('file', new Blob([file.bytes as BlobPart], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${kit.server.url}/api${productPaths.productImages(productId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<ProductImage[]> };
}

async function fetchImage(url: string, token = kit.an.access) {
  return fetch(`${kit.server.url}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  kit = await startCatalogueKit();
  const answer = await kit.send<ProductRecord>('POST', productPaths.products, {
    company: kit.anKhang,
    name: 'Kem chống nắng Anessa',
    variants: [
      { units: [{ unit: 'tuýp', factor: 1, price: 450000 }] },
      { name: 'Mini', units: [{ unit: 'tuýp', factor: 1, price: 200000 }] },
    ],
  });
  product = answer.body.data;
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('product images', () => {
  it('stores JPEG, PNG and WebP by their bytes; variants show the first image; members fetch the bytes', async () => {
    const cursor = await cursorNow(kit, kit.anKhang);
    const png = image('png', 2048);
    const answer = await upload(product.id, [
      { bytes: png, name: 'mat-truoc.png', type: 'image/png' },
      { bytes: image('jpeg'), name: 'mat-sau.jpg', type: 'text/plain' },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toHaveLength(2);
    const [first, second] = answer.body.data;
    expect(first!.url).toBe(productPaths.image(first!.id));

    const webp = await upload(product.id, [{ bytes: image('webp'), name: 'hop.webp' }]);
    expect(webp.body.data.map((i) => i.id)).toEqual([first!.id, second!.id, webp.body.data[2]!.id]);

    const record = (await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang })).body.data;
    expect(record.images).toEqual(webp.body.data);
    expect(record.variants.map((v) => v.image_url)).toEqual([first!.url, first!.url]);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes.filter((c) => c.entity === 'variant').map((c) => (c.data as VariantRecord).image_url)).toEqual([first!.url, first!.url]);

    const served = await fetchImage(first!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    expect((await fetchImage(second!.url)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetchImage(webp.body.data[2]!.url)).headers.get('content-type')).toBe('image/webp');
  });

  it('serves images to members of the image’s company only, and never without a token', async () => {
    const [first] = (await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang })).body.data.images;
    const stranger = await fetchImage(first!.url, kit.binh.access);
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as Envelope<null>).data).toBeNull();
    expect((await fetch(`${kit.server.url}/api${first!.url}`)).status).toBe(401);
    expect((await fetchImage(productPaths.image('01890000-0000-7000-8000-000000000000'))).status).toBe(404);
    expect((await fetchImage(productPaths.image('not-a-uuid'))).status).toBe(404);
  });

  it('deletes an image; the next one becomes the variants’ image', async () => {
    const fresh = (
      await kit.send<ProductRecord>('POST', productPaths.products, {
        company: kit.anKhang,
        name: 'Ảnh để xóa',
        variants: [{ units: [{ unit: 'hộp', factor: 1, price: 1 }] }],
      })
    ).body.data;
    const [a, b] = (
      await upload(fresh.id, [
        { bytes: image('png'), name: 'a.png' },
        { bytes: image('jpeg'), name: 'b.jpg' },
      ])
    ).body.data;
    const answer = await kit.del<ProductImage[]>(productImagePath(fresh.id, a!.id), { company: kit.anKhang });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([b]);
    expect((await kit.get<VariantRecord>(productPaths.variant(fresh.variants[0]!.id), { company: kit.anKhang })).body.data.image_url).toBe(
      b!.url,
    );
    expect((await fetchImage(a!.url)).status).toBe(404);
    expect((await kit.del(productImagePath(fresh.id, a!.id), { company: kit.anKhang })).status).toBe(404);
    // Another company's owner cannot delete it; naming their own company does not reach it.
    expect((await kit.del(productImagePath(fresh.id, b!.id), { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
    expect((await kit.del(productImagePath(fresh.id, b!.id), { company: kit.minhPhat }, kit.binh.access)).status).toBe(404);
    expect((await fetchImage(b!.url)).status).toBe(200);
  });

  it('refuses files that are not images, too big, or too many, in Vietnamese', async () => {
    const fresh = (
      await kit.send<ProductRecord>('POST', productPaths.products, {
        company: kit.anKhang,
        name: 'Giới hạn ảnh',
        variants: [{ units: [{ unit: 'hộp', factor: 1, price: 1 }] }],
      })
    ).body.data;
    const text = await upload(fresh.id, [{ bytes: new TextEncoder().encode('<svg onload=alert(1)>'), name: 'anh.png', type: 'image/png' }]);
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Tệp "anh.png" không phải ảnh JPEG, PNG hoặc WebP');

    const big = await upload(fresh.id, [{ bytes: image('jpeg', 2 * 1024 * 1024 + 1), name: 'to.jpg' }]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Ảnh "to.jpg" vượt quá 2 MB');
    // Just under the limit is fine, whatever the JSON body limit of other calls.
    expect((await upload(fresh.id, [{ bytes: image('jpeg', 2 * 1024 * 1024 - 1024), name: 'vua.jpg' }])).status).toBe(201);

    const many = Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => ({ bytes: image('png'), name: `${i}.png` }));
    const tooMany = await upload(fresh.id, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Mỗi sản phẩm tối đa ${MAX_PRODUCT_IMAGES} ảnh (đã có 1 ảnh)`);
    expect((await upload(fresh.id, many.slice(1))).status).toBe(201);
    expect((await upload(fresh.id, many.slice(0, 1))).status).toBe(400);

    const none = await upload(fresh.id, []);
    expect(none.status).toBe(400);
    expect(none.body.fields?.file).toBe('Vui lòng chọn ảnh sản phẩm');
    const json = await kit.send('POST', productPaths.productImages(fresh.id), { company: kit.anKhang });
    expect(json.status).toBe(415);
    const noCompany = await upload(fresh.id, [{ bytes: image('png'), name: 'x.png' }], null);
    expect(noCompany.status).toBe(400);
  });

  it('refuses uploads to another company’s product', async () => {
    const stranger = await upload(product.id, [{ bytes: image('png'), name: 'x.png' }], kit.anKhang, kit.binh.access);
    expect(stranger.status).toBe(403);
    const crossed = await upload(product.id, [{ bytes: image('png'), name: 'x.png' }], kit.minhPhat, kit.binh.access);
    expect(crossed.status).toBe(404);
  });
});
