/**
 * A company keeps the permissions its system roles were stored with (roles.permissions, written
 * once by server/modules/roles/roles-seed.ts); a permission area added to contract/roles.ts later
 * reaches it only through a migration that grants it (0017_receivables_permissions.sql,
 * 0020_invoices_accountant_role.sql, the UPDATE in 0046_route_plans.sql). Owners bypass permissions,
 * but a non-owner holding 'Quản trị' and the notification recipients
 * (server/modules/notifications/recipients.ts) read the stored ones.
 *
 * So: a company is made on the schema of migration 0007 (which created `roles`) with the roles the
 * seed gave then, every later migration runs, and its system roles must then hold what a company
 * made today gets (contract/roles.ts SYSTEM_ROLES), area by area, with the same scope and maximum
 * discount (0011_discount_limits.sql brought existing roles in step with the seed's).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_AREAS, SCOPE_EXCEPTION_AREAS, SYSTEM_ROLES } from '@contract/roles';
import { pgliteArtifacts } from '@server/kernel/db/pglite-artifacts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../kernel/db/migrations');

/** The last migration before which companies could exist without roles: it creates the table. */
const ROLES_MIGRATION = '0007_people_territory';

/**
 * The permission areas when 0007 was written: `git show 242f009:contract/roles.ts` PERMISSION_AREAS
 * (242f009 renamed contract/permissions.ts of 3eb4157, the commit that added 0007, without changing
 * it). Frozen: today's list is what the test checks against.
 */
const AREAS_AT_0007 = [
  'dashboard',
  'orders',
  'order_groups',
  'customers',
  'visits',
  'products',
  'price_policy',
  'warehouse',
  'promotions',
  'employees',
  'regions',
  'kpi',
  'roles',
  'reports',
  'settings',
] as const;

type Area = (typeof AREAS_AT_0007)[number];
type BaselineRole = { name: string; description: string; scope: string; permissions: Partial<Record<Area, string[]>> };

const EVERY_ACTION = ['view', 'create', 'edit', 'delete', 'approve', 'export'];

/**
 * The system roles a company was seeded with at 0007: `git show 242f009:contract/roles.ts`
 * SYSTEM_ROLES, frozen as data. Today's SYSTEM_ROLES differ from them on purpose in places (0046
 * gave 'Quản lý vùng' visits edit and approve); each such difference must have its migration.
 */
const ROLES_AT_0007: BaselineRole[] = [
  {
    name: 'Quản trị',
    description: 'Toàn quyền trong công ty',
    scope: 'company',
    permissions: Object.fromEntries(AREAS_AT_0007.map((area) => [area, EVERY_ACTION])),
  },
  {
    name: 'Quản lý vùng',
    description: 'Quản lý nhân viên, khách hàng và đơn hàng trong khu vực',
    scope: 'region',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create', 'edit', 'approve', 'export'],
      order_groups: ['view', 'create', 'edit'],
      customers: ['view', 'create', 'edit', 'export'],
      visits: ['view', 'create', 'export'],
      products: ['view'],
      price_policy: ['view'],
      employees: ['view', 'edit'],
      regions: ['view'],
      kpi: ['view', 'edit'],
      reports: ['view', 'export'],
    },
  },
  {
    name: 'Trình dược viên',
    description: 'Bán hàng, ghé thăm và chăm sóc khách hàng được giao',
    scope: 'own',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create'],
      customers: ['view', 'create', 'edit'],
      visits: ['view', 'create'],
      products: ['view'],
      kpi: ['view'],
    },
  },
  {
    name: 'Kế toán',
    description: 'Theo dõi đơn hàng, thanh toán, công nợ và báo cáo',
    scope: 'company',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'edit', 'approve', 'export'],
      customers: ['view', 'export'],
      products: ['view', 'export'],
      price_policy: ['view'],
      reports: ['view', 'export'],
    },
  },
  {
    name: 'Thủ kho',
    description: 'Xuất nhập kho và giao hàng',
    scope: 'company',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'edit'],
      order_groups: ['view', 'create', 'edit'],
      products: ['view', 'edit'],
      warehouse: ['view', 'create', 'edit', 'delete', 'approve', 'export'],
    },
  },
];

type StoredRole = { name: string; scope: string; permissions: Record<string, string[]>; max_discount_percent: number | null };

const GRANT_HINT =
  'a migration must grant it to the system roles of existing companies ' +
  '(a new area: UPDATE "roles" … WHERE "is_system" AND "name" = … AND NOT ("permissions" ? area), as ' +
  'server/kernel/db/migrations/0020_invoices_accountant_role.sql does; new actions on an area: as 0046_route_plans.sql does)';

const sorted = (actions: readonly string[] | undefined) => [...(actions ?? [])].sort();
const shown = (actions: readonly string[] | undefined) => (actions?.length ? `[${actions.join(', ')}]` : 'nothing');

/** What differs between a stored role and today's seed, one sentence each. */
function differences(stored: StoredRole | undefined, expected: (typeof SYSTEM_ROLES)[number]): string[] {
  if (!stored)
    return [
      `role '${expected.name}': a company made at 0007 does not have it after every migration, a new company does; a migration must create it`,
    ];
  const found: string[] = [];
  // The matrix and the exceptions beside it (off_route) both, and whatever else the role holds.
  const areas = new Set<string>([...PERMISSION_AREAS, ...SCOPE_EXCEPTION_AREAS, ...Object.keys(stored.permissions)]);
  for (const area of areas) {
    const want = (expected.permissions as Record<string, string[] | undefined>)[area];
    const have = stored.permissions[area];
    if (JSON.stringify(sorted(want)) === JSON.stringify(sorted(have))) continue;
    found.push(
      `role '${expected.name}', area '${area}': an existing company's role has ${shown(have)}, ` +
        `a company made today gets ${shown(want)}; ${GRANT_HINT}`,
    );
  }
  if (stored.scope !== expected.scope) {
    found.push(
      `role '${expected.name}': scope '${stored.scope}' on an existing company, '${expected.scope}' on a new one; a migration must change it`,
    );
  }
  if (stored.max_discount_percent !== expected.maxDiscount) {
    found.push(
      `role '${expected.name}': maximum discount ${String(stored.max_discount_percent)} on an existing company, ` +
        `${String(expected.maxDiscount)} on a new one; a migration must set it (as 0011_discount_limits.sql does)`,
    );
  }
  return found;
}

/** A copy of the migrations folder whose journal stops at `lastTag`: drizzle's migrate applies those only. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'role-grants-'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`${lastTag} is not in the journal`);
  const entries = journal.entries.slice(0, last + 1);
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) await fs.copyFile(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

let client: PGlite;
let early: string;
let stored: StoredRole[];

beforeAll(async () => {
  // As server/kernel/db/client.ts opens PGlite: pg_trgm backs the search indexes of 0003.
  client = new PGlite({ ...(await pgliteArtifacts()), extensions: { pg_trgm } });
  early = await migrationsUpTo(ROLES_MIGRATION);
  await migrate(drizzle(client), { migrationsFolder: early });
  // Only the columns companies and roles had at 0007 (0000_foundation.sql, 0007_people_territory.sql).
  const company = await client.query<{ id: number }>(
    `insert into companies (title, type) values ('Công ty Dược phẩm Trước Đây', 'Dược phẩm') returning id`,
  );
  const companyId = company.rows[0]!.id;
  for (const role of ROLES_AT_0007) {
    await client.query(
      `insert into roles (company_id, name, description, scope, permissions, is_system) values ($1, $2, $3, $4, $5::jsonb, true)`,
      [companyId, role.name, role.description, role.scope, JSON.stringify(role.permissions)],
    );
  }
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  const result = await client.query<StoredRole>(
    `select name, scope, permissions, max_discount_percent from roles where company_id = $1 and is_system`,
    [companyId],
  );
  stored = result.rows;
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (early) await fs.rm(early, { recursive: true, force: true });
});

describe('system roles of a company made at migration 0007, after every later migration', () => {
  it('the frozen baseline names only the areas and actions of its time', () => {
    for (const role of ROLES_AT_0007) {
      for (const [area, actions] of Object.entries(role.permissions)) {
        expect(AREAS_AT_0007, `${role.name}: ${area}`).toContain(area);
        for (const action of actions) expect(PERMISSION_ACTIONS, `${role.name}: ${area} ${action}`).toContain(action);
      }
    }
  });

  it('holds what a company made today gets, for every area of the matrix and every scope exception', () => {
    const found = SYSTEM_ROLES.flatMap((role) =>
      differences(
        stored.find((row) => row.name === role.name),
        role,
      ),
    );
    expect(found).toEqual([]);
  });
});
