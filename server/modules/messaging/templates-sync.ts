/**
 * ZNS templates read from Zalo (docs/messaging.md "Templates"): every template of the OA with its
 * status, parameters, sample data and preview address. A template's bindings (which order or
 * customer field fills each parameter) are ours: guessed from the names on first sight, then kept.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { guessBindings } from '@contract/messaging-rules';
import type { TemplateStatus } from '@contract/messaging';
import type { AppDeps } from '@server/kernel/app-types';
import { zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { withZalo } from './oa-tokens';
import type { ZaloTemplateInfo, ZaloTemplateSummary } from './zalo-client';

const STATUS: Record<string, TemplateStatus> = { ENABLE: 'enabled', PENDING_REVIEW: 'pending', REJECT: 'rejected', DISABLE: 'disabled' };
export const templateStatus = (zalo: string): TemplateStatus => STATUS[zalo] ?? 'disabled';

/** Reads every template of the OA and writes it; the number read. */
export async function syncTemplates(deps: AppDeps, companyId: number, oaRowId: number): Promise<number> {
  const read = await withZalo(deps, companyId, oaRowId, async (api) => {
    const all: { summary: ZaloTemplateSummary; info: ZaloTemplateInfo; sample: Record<string, string> }[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await api.templates(offset, 100);
      for (const summary of page.rows) {
        const info = await api.templateInfo(summary.templateId);
        const sample = summary.status === 'ENABLE' ? await api.templateSample(summary.templateId) : {};
        all.push({ summary, info, sample });
      }
      if (page.rows.length < 100 || offset + 100 >= page.total) return all;
    }
  });
  await deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ templateId: zaloTemplates.templateId, bindings: zaloTemplates.bindings })
      .from(zaloTemplates)
      .where(and(eq(zaloTemplates.companyId, companyId), eq(zaloTemplates.oaRowId, oaRowId)));
    const kept = new Map(existing.map((row) => [row.templateId, row.bindings]));
    for (const { summary, info, sample } of read) {
      const params = info.params.map((param) => ({
        name: param.name,
        type: param.type,
        require: param.require,
        max_length: param.maxLength,
      }));
      const values = {
        name: info.name || summary.name,
        status: templateStatus(info.status || summary.status),
        quality: info.quality ?? summary.quality,
        tag: info.tag,
        price: info.price,
        previewUrl: info.previewUrl,
        params,
        sampleData: sample,
        syncedAt: new Date(),
      };
      await tx
        .insert(zaloTemplates)
        .values({
          companyId,
          oaRowId,
          templateId: summary.templateId,
          bindings: kept.get(summary.templateId) ?? guessBindings(params),
          ...values,
        })
        .onConflictDoUpdate({ target: [zaloTemplates.companyId, zaloTemplates.oaRowId, zaloTemplates.templateId], set: values });
    }
    // A template Zalo no longer lists cannot be sent: it stays for the history, disabled.
    const seen = read.map((one) => one.summary.templateId);
    await tx
      .update(zaloTemplates)
      .set({ status: 'disabled' })
      .where(
        and(
          eq(zaloTemplates.companyId, companyId),
          eq(zaloTemplates.oaRowId, oaRowId),
          seen.length ? notInArray(zaloTemplates.templateId, seen) : undefined,
        ),
      );
    await tx.update(zaloOas).set({ templatesSyncedAt: new Date() }).where(eq(zaloOas.id, oaRowId));
  });
  return read.length;
}
