/**
 * A company's warehouse settings (docs/warehouse.md "Forms"): the regime and form numbers its receipts
 * print, and where short-dated goods land when received (docs/warehouse.md "Lots").
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_WAREHOUSE_SETTINGS, type AccountingRegime, type WarehouseSettings } from '@contract/warehouse';
import type { ShortDatedRule } from '@contract/warehouse-expiry';
import type { Db } from '@server/kernel/db/client';
import { companies, warehouseSettings } from '@server/kernel/db/schema';

export async function settingsOf(db: Db, companyId: number): Promise<WarehouseSettings> {
  const [row] = await db.select().from(warehouseSettings).where(eq(warehouseSettings.companyId, companyId));
  if (!row) {
    const [company] = await db.select({ title: companies.title }).from(companies).where(eq(companies.id, companyId));
    return { ...DEFAULT_WAREHOUSE_SETTINGS, unit_name: company?.title ?? null, department: null };
  }
  return {
    regime: row.regime as AccountingRegime,
    unit_name: row.unitName,
    department: row.department,
    import_form: row.importForm,
    export_form: row.exportForm,
    check_form: row.checkForm,
    transfer_form: row.transferForm,
    short_dated_days: row.shortDatedDays,
    short_dated_rule: row.shortDatedRule as ShortDatedRule,
  };
}

export async function saveSettings(db: Db, companyId: number, settings: WarehouseSettings): Promise<void> {
  const values = {
    regime: settings.regime,
    unitName: settings.unit_name,
    department: settings.department,
    importForm: settings.import_form,
    exportForm: settings.export_form,
    checkForm: settings.check_form,
    transferForm: settings.transfer_form,
    shortDatedDays: settings.short_dated_days,
    shortDatedRule: settings.short_dated_rule,
    updatedAt: new Date(),
  };
  await db
    .insert(warehouseSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: warehouseSettings.companyId, set: values });
}
