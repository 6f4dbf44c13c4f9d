/**
 * The pharmacy's import file of an order (contract/pharma-delivery-file.ts pharmacyFilePaths):
 *   GET /order/api/ordercompany/{id}/phieu-nhap/?company   signed in, orders/view, the caller's scope
 *   GET /pharmacy/phieu-nhap/{id}?c&e&s                   no sign-in: what the printed note's QR links
 *                                                          to when the JSON is too large for the QR
 * The link is signed with the server's HMAC key (the one access tokens use, with its own purpose
 * prefix so neither can stand for the other) and lasts LINK_DAYS: long enough for a pharmacy to scan
 * a delivered note, short enough that a note found later does not open the order for good.
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { pharmacyFilePaths } from '@contract/pharma-delivery-file';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import type { TokenKeys } from '@server/lib/tokens';
import { orderScope, requirePermission } from '@server/modules/roles';
import { pharmacyFile } from './pharmacy-file';
import { contentDisposition } from '@server/kernel/content-disposition';

export const LINK_DAYS = 30;
const PURPOSE = 'phieu-nhap';
const UUID = ':id{[0-9a-fA-F-]{36}}';
const CompanyQuery = v.object({ company: companyQueryField });
const SignedQuery = v.object({
  c: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  e: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  s: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});
const BAD_LINK = 'Liên kết tệp nhập kho không hợp lệ hoặc đã hết hạn';

const signed = (company: number, orderId: string, expires: number) =>
  new TextEncoder().encode(`${PURPOSE}|${company}|${orderId.toLowerCase()}|${expires}`);

async function sign(keys: TokenKeys, company: number, orderId: string, expires: number): Promise<string> {
  const mac = await crypto.webcrypto.subtle.sign('HMAC', keys.key, signed(company, orderId, expires));
  return Buffer.from(mac).toString('base64url');
}

/** The QR's link to an order's file, valid LINK_DAYS from now. */
export async function signedFileUrl(deps: Pick<AppDeps, 'keys' | 'publicUrl'>, company: number, orderId: string): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + LINK_DAYS * 86_400;
  const signature = await sign(deps.keys, company, orderId, expires);
  return `${deps.publicUrl}/api${pharmacyFilePaths.signed(orderId)}?c=${company}&e=${expires}&s=${signature}`;
}

export function pharmacyFileRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get(`/ordercompany/${UUID}/phieu-nhap`, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const scope = await orderScope(db, await requirePermission(db, c.get('auth'), company, 'orders', 'view'));
    const id = c.req.param('id');
    return ok(c, await pharmacyFile(db, company, id, scope, () => signedFileUrl(deps, company, id)));
  });
  return app;
}

/** Mounted outside /order/api, whose routes all ask for a sign-in: the pharmacy scanning the note has none. */
export function pharmacySignedRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.get(`/phieu-nhap/${UUID}`, async (c) => {
    const parsed = v.safeParse(SignedQuery, c.req.query());
    if (!parsed.success) throw notFound(BAD_LINK);
    const { c: company, e: expires, s: signature } = parsed.output;
    const id = c.req.param('id');
    const valid = await crypto.webcrypto.subtle.verify(
      'HMAC',
      deps.keys.key,
      Buffer.from(signature, 'base64url'),
      signed(company, id, expires),
    );
    if (!valid || expires * 1000 < Date.now()) throw notFound(BAD_LINK);
    const file = await pharmacyFile(deps.db, company, id, null, () => signedFileUrl(deps, company, id));
    // The national shape itself, not our envelope: pharmacy software reads it as it would the download.
    c.header('Content-Disposition', contentDisposition('attachment', file.file_name));
    return c.json(file.phieu_nhap);
  });
  return app;
}
