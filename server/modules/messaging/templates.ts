/** ZNS templates of an OA as the browser sees them, their bindings, and a template's data bound to an order or a customer. */
import { and, asc, eq } from 'drizzle-orm';
import type { TemplateBindings, TemplatePreview, TemplateRecord, TemplateStatus } from '@contract/messaging';
import { fillTemplateData } from '@contract/messaging-rules';
import type { Db } from '@server/kernel/db/client';
import { zaloTemplates } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { loadBindingSource } from './binding-source';

export type TemplateRow = typeof zaloTemplates.$inferSelect;

export function templateRecord(row: TemplateRow): TemplateRecord {
  return {
    id: row.id,
    oa: row.oaRowId,
    template_id: row.templateId,
    name: row.name,
    status: row.status as TemplateStatus,
    quality: row.quality,
    tag: row.tag,
    price: row.price,
    preview_url: row.previewUrl,
    params: row.params,
    sample_data: row.sampleData,
    bindings: row.bindings,
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

export async function listTemplates(db: Db, companyId: number, oaRowId: number, status?: TemplateStatus): Promise<TemplateRecord[]> {
  const rows = await db
    .select()
    .from(zaloTemplates)
    .where(
      and(
        eq(zaloTemplates.companyId, companyId),
        eq(zaloTemplates.oaRowId, oaRowId),
        status ? eq(zaloTemplates.status, status) : undefined,
      ),
    )
    .orderBy(asc(zaloTemplates.name), asc(zaloTemplates.id));
  return rows.map(templateRecord);
}

export async function templateRow(db: Db, companyId: number, id: number): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(zaloTemplates)
    .where(and(eq(zaloTemplates.companyId, companyId), eq(zaloTemplates.id, id)));
  if (!row) throw notFound('Không tìm thấy mẫu ZNS');
  return row;
}

/** A template that may be sent now (approved and enabled at Zalo). */
export async function sendableTemplate(db: Db, companyId: number, id: number, oaRowId?: number): Promise<TemplateRow> {
  const row = await templateRow(db, companyId, id);
  if (oaRowId !== undefined && row.oaRowId !== oaRowId)
    throw badRequest('VALIDATION_FAILED', 'Mẫu ZNS không thuộc OA đã chọn', { template: 'Mẫu ZNS không thuộc OA đã chọn' });
  if (row.status !== 'enabled') {
    throw badRequest('VALIDATION_FAILED', 'Mẫu ZNS chưa được duyệt hoặc đã tắt, không gửi được', {
      template: 'Mẫu ZNS chưa được duyệt hoặc đã tắt',
    });
  }
  return row;
}

export async function saveBindings(db: Db, companyId: number, id: number, bindings: TemplateBindings): Promise<TemplateRecord> {
  const row = await templateRow(db, companyId, id);
  const names = new Set(row.params.map((param) => param.name));
  const unknown = Object.keys(bindings).find((name) => !names.has(name));
  if (unknown) throw badRequest('VALIDATION_FAILED', `Mẫu không có tham số ${unknown}`, { bindings: `Mẫu không có tham số ${unknown}` });
  const [saved] = await db.update(zaloTemplates).set({ bindings }).where(eq(zaloTemplates.id, row.id)).returning();
  return templateRecord(saved!);
}

export async function previewTemplate(
  db: Db,
  companyId: number,
  id: number,
  ids: { order?: string; customer?: string },
): Promise<TemplatePreview> {
  const row = await templateRow(db, companyId, id);
  const source = await loadBindingSource(db, companyId, ids);
  return fillTemplateData(row.params, row.bindings, source);
}
