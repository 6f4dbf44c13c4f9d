/**
 * The company of an invoices or accounting call, checked in the order every such call needs: the
 * input parsed, the caller a member whose role allows the action on the invoices area, then the
 * VAT switch on (docs/invoices.md "The switch and who may").
 */
import type { Context } from 'hono';
import type { PermissionAction } from '@contract/roles';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import * as v from 'valibot';
import { idField } from '@contract/validation';
import { readScanUpload, type UploadedScan } from '@server/kernel/scan-upload';
import { requireSwitch } from '@server/kernel/switches';
import { parseWith } from '@server/kernel/validate';
import { memberBody, memberQuery, requirePermission } from '@server/modules/roles';

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export function invoicesCompany(deps: AppDeps) {
  return {
    async query<S extends WithCompany>(c: Context<AppEnv>, schema: S, action: PermissionAction = 'view'): Promise<v.InferOutput<S>> {
      const parsed = await memberQuery(deps, c, schema, action, 'invoices');
      await requireSwitch(deps.db, parsed.company, 'VAT');
      return parsed;
    },
    async body<S extends WithCompany>(c: Context<AppEnv>, schema: S, action: PermissionAction): Promise<v.InferOutput<S>> {
      const parsed = await memberBody(deps, c, schema, action, 'invoices');
      await requireSwitch(deps.db, parsed.company, 'VAT');
      return parsed;
    },
    /** A multipart upload (one `file` and `company`), by a member who may edit invoices. */
    async upload(c: Context<AppEnv>, defaultName: string): Promise<{ company: number; file: UploadedScan | null }> {
      const upload = await readScanUpload(c, defaultName);
      const { company } = parseWith(v.object({ company: idField('công ty') }), { company: upload.company });
      await requirePermission(deps.db, c.get('auth'), company, 'invoices', 'edit');
      await requireSwitch(deps.db, company, 'VAT');
      return { company, file: upload.file };
    },
  };
}
