/**
 * Temperature readings of cold goods (contract/pharma-cold.ts, docs/pharma.md "Cold items"): one row per
 * reading in temperature_readings, named by its document (a delivery as it leaves, an import receipt as
 * goods arrive) and by who took it. Whether a reading is out of range is worked out when it is read,
 * against the storage conditions of the document's goods now (the table keeps no flag).
 */
import { and, desc, eq } from 'drizzle-orm';
import { coldItems, outOfRange, type ColdItem, type TemperatureReadingRecord, type TemperatureSubject } from '@contract/pharma-cold';
import type { StorageCondition } from '@contract/pharma';
import type { Db } from '@server/kernel/db/client';
import { accounts, products, stockReceiptLines, temperatureReadings, variants } from '@server/kernel/db/schema';

export type NewReading = {
  companyId: number;
  subject: TemperatureSubject;
  subjectId: string;
  celsius: number;
  note: string | null;
  accountId: number;
};

export async function addReading(db: Db, reading: NewReading): Promise<void> {
  await db.insert(temperatureReadings).values({
    companyId: reading.companyId,
    subject: reading.subject,
    subjectId: reading.subjectId,
    celsius: reading.celsius,
    note: reading.note,
    takenBy: reading.accountId,
  });
}

/** A document's readings, newest first, each flagged against the storage conditions of its goods. */
export async function readingsOf(
  db: Db,
  companyId: number,
  subject: TemperatureSubject,
  subjectId: string,
  storages: readonly StorageCondition[],
): Promise<TemperatureReadingRecord[]> {
  const rows = await db
    .select({ reading: temperatureReadings, name: accounts.fullName })
    .from(temperatureReadings)
    .innerJoin(accounts, eq(accounts.id, temperatureReadings.takenBy))
    .where(
      and(
        eq(temperatureReadings.companyId, companyId),
        eq(temperatureReadings.subject, subject),
        eq(temperatureReadings.subjectId, subjectId),
      ),
    )
    .orderBy(desc(temperatureReadings.takenAt), desc(temperatureReadings.id));
  return rows.map(({ reading, name }) => ({
    id: reading.id,
    celsius: Number(reading.celsius),
    taken_by: { id: reading.takenBy, name },
    note: reading.note,
    taken_at: reading.takenAt.toISOString(),
    out_of_range: storages.length ? outOfRange(Number(reading.celsius), storages) : null,
  }));
}

/** The goods of a receipt kept cold or frozen, and every storage condition its lines hold. */
export async function receiptGoods(
  db: Db,
  companyId: number,
  receiptId: string,
): Promise<{ cold: ColdItem[]; storages: StorageCondition[] }> {
  const rows = await db
    .select({ name: products.name, variant: variants.name, storage: products.storage })
    .from(stockReceiptLines)
    .innerJoin(variants, and(eq(variants.companyId, stockReceiptLines.companyId), eq(variants.id, stockReceiptLines.variantId)))
    .innerJoin(products, and(eq(products.companyId, variants.companyId), eq(products.id, variants.productId)))
    .where(and(eq(stockReceiptLines.companyId, companyId), eq(stockReceiptLines.receiptId, receiptId)))
    .orderBy(stockReceiptLines.sort);
  const lines = rows.map((row) => ({
    name: [row.name, row.variant].filter(Boolean).join(' – '),
    storage: row.storage as StorageCondition,
  }));
  return goodsStorages(lines);
}

/**
 * The cold items of some lines, and the storage conditions a reading is checked against: only the
 * cold and frozen ones when there are any (the probe is in their box, not among the other goods),
 * else every condition the lines hold (a hot room still shows).
 */
export function goodsStorages(lines: readonly { name: string; storage: StorageCondition }[]): {
  cold: ColdItem[];
  storages: StorageCondition[];
} {
  const cold = coldItems(lines);
  const storages = cold.length ? cold.map((item) => item.storage) : lines.map((line) => line.storage);
  return { cold, storages: [...new Set(storages)] };
}
