/**
 * The online-only office files are decided by folders (scripts/office-chunks.ts), not by a list per
 * feature in vite.config.ts: each rule on a small module graph, and the config holding no feature's
 * path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { officeChunks, type ModuleGraph } from './office-chunks';

const ROOT = path.resolve(import.meta.dirname, '..');
const file = (name: string) => `/repo/${name}`;

/** A module graph from "importer → imported" pairs; `dynamic` pairs are import() calls. */
function graph(edges: [string, string][], dynamic: [string, string][] = []): ModuleGraph {
  const info = new Map<string, { importers: string[]; dynamicImporters: string[] }>();
  const of = (id: string) => info.get(file(id)) ?? info.set(file(id), { importers: [], dynamicImporters: [] }).get(file(id))!;
  for (const [from, to] of edges) {
    of(from);
    of(to).importers.push(file(from));
  }
  for (const [from, to] of dynamic) {
    of(from);
    of(to).dynamicImporters.push(file(from));
  }
  return { getModuleInfo: (id) => info.get(id) ?? null };
}

/** The chunk each module lands in, as the build asks for them. */
function chunks(modules: ModuleGraph, ids: string[]): Record<string, string | null> {
  const { name } = officeChunks();
  return Object.fromEntries(ids.map((id) => [id, name(file(id), modules)]));
}

const SCREENS = 'src/features/promotions/components/promotion-screens.tsx';
const OFFICE = 'src/features/promotions/components/office/promotion-office-screens.tsx';
const FORM = 'src/features/promotions/components/office/promotion-form.tsx';

describe('office chunks by folder', () => {
  it("puts a feature's components/office in one file and each components/online part in its own", () => {
    const modules = graph(
      [[OFFICE, FORM]],
      [
        [SCREENS, OFFICE],
        ['src/routes/_app/order/$id.tsx', 'src/features/warehouse/components/online/order-stock-card.tsx'],
      ],
    );
    expect(chunks(modules, [OFFICE, FORM, 'src/features/warehouse/components/online/order-stock-card.tsx', SCREENS])).toEqual({
      [OFFICE]: 'promotions-office',
      [FORM]: 'promotions-office',
      'src/features/warehouse/components/online/order-stock-card.tsx': 'warehouse-office-order-stock-card',
      [SCREENS]: null,
    });
  });

  it('takes along what only one office file imports, through chains and import cycles', () => {
    const api = 'src/features/promotions/api/promotion-api.ts';
    const keys = 'src/features/promotions/api/promotion-keys.ts';
    const schema = 'contract/promotions-form.ts';
    const modules = graph([
      [FORM, api],
      [api, keys],
      [keys, api],
      [api, schema],
    ]);
    expect(chunks(modules, [api, keys, schema])).toEqual({
      [api]: 'promotions-office',
      [keys]: 'promotions-office',
      [schema]: 'promotions-office',
    });
  });

  it("leaves in the precached files what the rest of the app also imports, or another feature's office", () => {
    const shared = 'src/features/promotions/model/promotion-text.ts';
    const contract = 'contract/plans.ts';
    const ui = 'src/ui/money-text.tsx';
    const modules = graph([
      [FORM, shared],
      ['src/features/orders/components/cart.tsx', shared],
      [FORM, contract],
      ['src/features/system/components/office/system-orders.tsx', contract],
      [FORM, ui],
    ]);
    expect(chunks(modules, [shared, contract, ui])).toEqual({ [shared]: null, [contract]: null, [ui]: null });
  });

  it('gives what several office files of one feature share a common file, and leaves a module loaded with import() its own', () => {
    const api = 'src/features/warehouse/api/order-stock-api.ts';
    const lazy = 'src/features/promotions/components/promotion-chart.tsx';
    const modules = graph(
      [
        ['src/features/warehouse/components/online/order-stock-card.tsx', api],
        ['src/features/warehouse/components/online/order-return-dialog.tsx', api],
      ],
      [[FORM, lazy]],
    );
    expect(chunks(modules, [api, lazy])).toEqual({ [api]: 'warehouse-office-common', [lazy]: null });
  });

  it('refuses a precached file that imports an office file statically', () => {
    const modules = graph([['src/routes/_app/promotion.tsx', FORM]]);
    expect(() => chunks(modules, [FORM])).toThrow(/promotion\.tsx imports the online-only .*promotion-form\.tsx statically/);
  });

  it('names no feature in vite.config.ts: the folders decide', () => {
    const config = fs.readFileSync(path.join(ROOT, 'vite.config.ts'), 'utf8');
    expect(config.match(/features\[\\\\\/\]/g) ?? []).toEqual([]);
  });
});
