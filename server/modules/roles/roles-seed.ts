/** Every company has the five system roles; owners hold Quản trị. Idempotent, run at start and on company creation. */
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { ADMIN_ROLE, SYSTEM_ROLES } from '@contract/roles';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, companies, roles } from '@server/kernel/db/schema';

export async function ensureCompanyRoles(db: Db, companyId: number): Promise<void> {
  await db
    .insert(roles)
    .values(
      SYSTEM_ROLES.map((role) => ({
        companyId,
        name: role.name,
        description: role.description,
        scope: role.scope,
        permissions: role.permissions,
        maxDiscountPercent: role.maxDiscount,
        isSystem: true,
      })),
    )
    .onConflictDoNothing();
  const [admin] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, ADMIN_ROLE)));
  if (admin) {
    await db
      .update(accountCompanies)
      .set({ roleId: admin.id })
      .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.isOwner, true), isNull(accountCompanies.roleId)));
  }
}

/** Companies made before roles existed get theirs at server start. */
export async function ensureAllCompanyRoles(db: Db): Promise<void> {
  const missing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(roles)
          .where(eq(roles.companyId, companies.id)),
      ),
    );
  for (const company of missing) await ensureCompanyRoles(db, company.id);
}

export async function roleIdByName(db: Db, companyId: number, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.name, [name])));
  return row?.id ?? null;
}
