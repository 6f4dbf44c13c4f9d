/** Shops as records, and creating one with its owner's account (chth/ncc/npt admincreate/). */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { passwordProblem } from '@contract/auth-password';
import { SHOP_ACCOUNT_TYPES, type BusinessTypeRecord, type ShopCreateInput, type ShopKind, type ShopRecord } from '@contract/system';
import type { Db } from '@server/kernel/db/client';
import { accounts, accountTypes, businessTypes, shops } from '@server/kernel/db/schema';
import { badRequest, conflict } from '@server/kernel/errors';
import { wordConditions } from '@server/kernel/sql';

export const shopImagePath = (id: number) => `/shop/api/shop/${id}/image/`;

export async function shopRecords(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ShopRecord[]; count: number }> {
  const [total] = await db.select({ n: count() }).from(shops).where(where);
  const rows = await db
    .select({ shop: shops, account: accounts, type: businessTypes })
    .from(shops)
    .innerJoin(accounts, eq(accounts.id, shops.accountId))
    .leftJoin(businessTypes, eq(businessTypes.id, shops.businessTypeId))
    .where(where)
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map(({ shop, account, type }) => ({
      id: shop.id,
      kind: shop.kind as ShopKind,
      code: shop.code,
      name: shop.name,
      account: { id: account.id, phone: account.phone, full_name: account.fullName, is_active: account.isActive },
      business_type: type ? { id: type.id, code: type.code, name: type.name } : null,
      tax_code: shop.taxCode,
      phone: shop.phone,
      email: shop.email,
      address: shop.address,
      image_url: shop.imageType ? shopImagePath(shop.id) : null,
      created_at: shop.createdAt.toISOString(),
    })),
  };
}

export function shopFilters(query: { kind?: ShopKind; search?: string }): SQL | undefined {
  const filters: SQL[] = wordConditions(shops.searchText, query.search);
  if (query.kind) filters.push(eq(shops.kind, query.kind));
  return filters.length ? and(...filters) : undefined;
}

export async function listBusinessTypes(db: Db): Promise<BusinessTypeRecord[]> {
  return db
    .select({ id: businessTypes.id, code: businessTypes.code, name: businessTypes.name })
    .from(businessTypes)
    .orderBy(businessTypes.name);
}

/** The account types of the shops, made when first needed (they are also seeded). */
export async function shopAccountType(db: Db, kind: ShopKind): Promise<number> {
  const { code, title } = SHOP_ACCOUNT_TYPES[kind];
  await db.insert(accountTypes).values({ code, title }).onConflictDoNothing();
  const [type] = await db.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, code));
  return type!.id;
}

export type ShopImage = { type: string; bytes: Uint8Array } | null;

/** The owner's account (a new phone only) and the shop, in one transaction. */
export async function createShop(
  db: Db,
  kind: ShopKind,
  input: ShopCreateInput,
  image: ShopImage,
  context: { createdBy: number; passwordHash: (password: string) => Promise<string> },
): Promise<number> {
  const problem = passwordProblem(input.password, input.phone);
  if (problem) throw badRequest('WEAK_PASSWORD', problem, { password: problem });
  if (input.business_type !== null) {
    const [type] = await db.select({ id: businessTypes.id }).from(businessTypes).where(eq(businessTypes.id, input.business_type));
    if (!type) throw badRequest('VALIDATION_FAILED', 'Ngành hàng không tồn tại', { business_type: 'Ngành hàng không tồn tại' });
  }
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.phone, [input.phone]));
  if (taken) throw conflict('Số điện thoại đã được đăng ký cho một tài khoản khác', { phone: 'Số điện thoại đã được đăng ký' });
  const typeId = await shopAccountType(db, kind);
  const passwordHash = await context.passwordHash(input.password);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        phone: input.phone,
        fullName: input.full_name,
        email: input.email,
        address: input.address,
        passwordHash,
        accountTypeId: typeId,
      })
      .returning({ id: accounts.id });
    const [shop] = await tx
      .insert(shops)
      .values({
        kind,
        code: crypto.randomUUID(),
        name: input.name,
        accountId: account!.id,
        businessTypeId: input.business_type,
        taxCode: input.tax_code,
        phone: input.phone,
        email: input.email,
        address: input.address,
        imageType: image?.type ?? null,
        image: image ? Buffer.from(image.bytes) : null,
        createdBy: context.createdBy,
      })
      .returning({ id: shops.id });
    const code = `${SHOP_ACCOUNT_TYPES[kind].code}${String(shop!.id).padStart(6, '0')}`;
    await tx
      .update(shops)
      .set({
        code,
        searchText: fold([code, input.name, input.phone, input.full_name, input.tax_code, input.address].filter(Boolean).join(' ')),
      })
      .where(eq(shops.id, shop!.id));
    return shop!.id;
  });
}
