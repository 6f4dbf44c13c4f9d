/**
 * Onboarding calls under /account/api (product-spec.md §7): registercompany/, counttitle/ and
 * account-register-company/{id}/ (contract/company-onboarding.ts). Any signed-in account may call
 * them: they are how an account without a company gets one.
 */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CountTitleSchema,
  RegisterCompanySchema,
  similarTitles,
  type RegisteredCompany,
  type SimilarTitles,
} from '@contract/company-onboarding';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { companies } from '@server/kernel/db/schema';
import { badRequest, conflict } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, pathId } from '@server/kernel/validate';
import { loadAccountView } from '@server/modules/auth';
import { findCompanyBy, insertCompanyWithOwner, isBusinessType } from './company.repo';
import { JOIN_REQUEST_SENT, requestToJoin } from './join-requests';

const SIMILAR_SHOWN = 5;

export function onboardingRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.post('/registercompany', requireAuth, async (c) => {
    const input = await parseBody(c, RegisterCompanySchema);
    const { accountId } = c.get('auth');
    if (input.business_type !== null && !(await isBusinessType(db, input.business_type))) {
      throw badRequest('VALIDATION_FAILED', 'Ngành hàng không tồn tại', { business_type: 'Ngành hàng không tồn tại' });
    }
    const holder = await findCompanyBy(db, { taxCode: input.tax_code });
    if (holder) {
      const message = `Mã số thuế đã được đăng ký cho ${holder.title}. Nếu bạn làm việc tại đây, hãy gửi yêu cầu tham gia công ty.`;
      throw conflict(message, { tax_code: message });
    }
    const company = await db.transaction((tx) =>
      insertCompanyWithOwner(
        tx,
        {
          title: input.title,
          type: input.type,
          taxCode: input.tax_code,
          address: input.address,
          businessTypeId: input.business_type,
          phone: input.phone,
          email: input.email,
        },
        accountId,
      ),
    );
    const account = await loadAccountView(db, accountId);
    return created<RegisteredCompany>(c, { company, account: account! }, 'Đăng ký công ty thành công');
  });

  /**
   * Names like the one typed, compared by their distinguishing words (contract/company-onboarding.ts
   * similarTitles). Every company's name is read: names are short and companies few next to the
   * rows of any other list, and diacritics and legal forms are folded the same way as on the form.
   */
  app.post('/counttitle', requireAuth, async (c) => {
    const { title } = await parseBody(c, CountTitleSchema);
    const rows = await db
      .select({ id: companies.id, title: companies.title, type: companies.type })
      .from(companies)
      .orderBy(asc(companies.id));
    const similar = rows.filter((row) => similarTitles(row.title, title));
    return ok<SimilarTitles>(c, { count: similar.length, similar: similar.slice(0, SIMILAR_SHOWN) });
  });

  app.put('/account-register-company/:id', requireAuth, async (c) => {
    const membership = await requestToJoin(db, pathId(c), c.get('auth').accountId);
    return created(c, membership, JOIN_REQUEST_SENT);
  });

  return app;
}
