// To become part of the issue #4 benchmark (tests/bench): kept as the source of that measurement.
/**
 * Opt-in measurement (CATALOGUE_SCALE=1): list, search and pull latency of the catalogue calls over
 * 50,000 variants (25,000 products, three units each), printed as p50 / p95 on the current driver.
 * Run: CATALOGUE_SCALE=1 npx vitest run --project server server/modules/products/catalogue-scale
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productPaths } from '../../../contract/product';
import { rowsOf } from '../../../server/lib/sql-rows';
import { startCatalogueKit } from '../../../server/modules/products/products-test-kit';

const RUNS = 15;

describe.skipIf(!process.env.CATALOGUE_SCALE)('catalogue at 50,000 variants', () => {
  it('answers lists and searches quickly', { timeout: 600_000 }, async () => {
    const kit = await startCatalogueKit();
    const { db } = kit.server.deps;
    const company = kit.anKhang;
    try {
      const names = ['Paracetamol', 'Amoxicillin', 'Vitamin C', 'Thuốc ho', 'Berberin', 'Omeprazol', 'Cefuroxim', 'Loratadin'];
      const folded = ['paracetamol', 'amoxicillin', 'vitamin c', 'thuoc ho', 'berberin', 'omeprazol', 'cefuroxim', 'loratadin'];
      await db.execute(sql`
        insert into products (company_id, code, name, active_ingredient, registration_number, search_text)
        select ${company}, 'BX' || lpad(g::text, 6, '0'), (${sql.param(names)}::text[])[1 + g % 8] || ' ' || g || 'mg',
          'Hoạt chất ' || (g % 500), 'VD-' || (10000 + g) || '-20',
          (${sql.param(folded)}::text[])[1 + g % 8] || ' ' || g || 'mg bx' || lpad(g::text, 6, '0') || ' hoat chat ' || (g % 500) || ' vd-' || (10000 + g) || '-20'
        from generate_series(1, 25000) g`);
      await db.execute(sql`
        insert into variants (company_id, product_id, code, name, search_text)
        select p.company_id, p.id, p.code || '-' || v, 'Loại ' || v, p.search_text || ' ' || lower(p.code) || '-' || v || ' 893' || lpad((p.id * 2 + v)::text, 10, '0')
        from products p cross join generate_series(1, 2) v where p.company_id = ${company} and p.code like 'BX%'`);
      await db.execute(sql`
        insert into variant_units (company_id, variant_id, unit, factor, price, barcode)
        select v.company_id, v.id, u.unit, u.factor, u.price, case when u.factor = 1 then '893' || lpad((v.product_id * 2 + v.id)::text, 10, '0') end
        from variants v cross join (values ('viên', 1, 1000), ('vỉ', 10, 9500), ('hộp', 100, 90000)) as u(unit, factor, price)
        where v.company_id = ${company} and v.code like 'BX%'`);
      await db.execute(sql`analyze`);
      const [{ barcode } = { barcode: '' }] = rowsOf<{ barcode: string }>(
        await db.execute(
          sql`select barcode from variant_units where company_id = ${company} and barcode like '893%' order by id limit 1 offset 25000`,
        ),
      );
      // The seeding blocked the event loop past the keep-alive timeout: let the client drop that socket.
      await kit.get(productPaths.units, { company }).catch(() => null);

      const measure = async (label: string, path: string, query: Record<string, string | number>) => {
        const times: number[] = [];
        let count = 0;
        let status = 0;
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          const answer = await kit.get(path, { company, limit: 20, ...query });
          times.push(performance.now() - started);
          count = answer.body.count ?? 0;
          status = answer.status;
        }
        times.sort((a, b) => a - b);
        const p50 = times[Math.floor(RUNS / 2)]!;
        const p95 = times[Math.ceil(RUNS * 0.95) - 1]!;
        expect(status).toBe(200);
        console.info(`${kit.server.database.driver} ${label}: ${count} rows, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
        return count;
      };
      expect(await measure('variant/ first page', productPaths.variants, {})).toBeGreaterThanOrEqual(50_000);
      await measure('variant/ search "para"', productPaths.variants, { search: 'para' });
      await measure('variant/ search "thuoc ho 123"', productPaths.variants, { search: 'thuoc ho 123' });
      await measure('variant/ search registration number', productPaths.variants, { search: 'vd-12345' });
      expect(await measure('variant/ barcode', productPaths.variants, { barcode })).toBe(1);
      await measure('variant/ page 500 by code', productPaths.variants, { ordering: 'code', page: 500 });
      await measure('product/ first page', productPaths.products, {});
      await measure('product/ search "para"', productPaths.products, { search: 'para' });
      await measure('scanproduct/', productPaths.scan, { barcode });
    } finally {
      await kit.server.stop();
    }
  });
});
