/**
 * The fault campaign's checker (campaign.test.ts), run on the server's database after the device
 * healed: every op the device queued is on the server exactly once. Each op has its processed_ops
 * row with the outcome the device kept; each customer, visit, order and stock count sheet it created
 * exists once (and no copy under another id or number); every order has all its lines and totals
 * that add up; a licence edit left its number only when applied; stock was reserved once per accepted line (in the stock ledger's balances,
 * server/modules/warehouse). Also counts the batches a SIGKILL cut in the middle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { OpType } from '@contract/sync-domains';
import type { OrderRecord } from '@contract/orders';
import type { OpResult } from '@contract/sync';
import type { DatabaseHandle } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import type { OutboxRow } from '@/db/app-db';

/** An op the campaign queued, as it queued it. */
export type Planned = {
  opId: string;
  type: OpType;
  entityId: string;
  payload: Record<string, unknown>;
  dependsOn: string[];
};

/** A batch the server was killed under, and when. */
export type KilledBatch = { opIds: string[]; killedAt: Date | null };

export type CheckInput = {
  companyId: number;
  deviceId: string;
  /** The note every record of this campaign carries. */
  mark: string;
  planned: Planned[];
  /** The device's outbox after healing, by opId. */
  byOp: Map<string, OutboxRow>;
  killedBatches: KilledBatch[];
  /** Stock held per variant before the campaigns (reservedStock). */
  reservedBefore: Map<number, number>;
  /** The server's FILES_DIR (server/kernel/file-store.ts), where each applied photo's bytes must be. */
  filesDir: string;
};

/** What the company's warehouses hold for orders, per variant (stock_levels.reserved summed). */
export async function reservedStock(handle: DatabaseHandle, companyId: number): Promise<Map<number, number>> {
  const rows = await query<{ variant_id: number; reserved: string | number }>(
    handle,
    sql`select variant_id, sum(reserved) as reserved from stock_levels where company_id = ${companyId} group by variant_id`,
  );
  return new Map(rows.map((row) => [Number(row.variant_id), Number(row.reserved)]));
}

async function query<T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(statement));
}

export async function checkOnServer(handle: DatabaseHandle, input: CheckInput) {
  const { companyId, deviceId, mark: MARK, planned, byOp, killedBatches, reservedBefore } = input;
  const lost: string[] = [];
  const duplicated: string[] = [];
  const problems: string[] = [];
  const processed = await query<{ op_id: string; outcome: string; result: OpResult }>(
    handle,
    sql`select op_id, outcome, result from processed_ops where company_id = ${companyId} and device_id = ${deviceId}`,
  );
  const processedById = new Map(processed.map((row) => [row.op_id, row]));
  for (const op of planned) {
    const row = processedById.get(op.opId);
    const final = byOp.get(op.opId);
    if (!row) {
      lost.push(`${op.type} ${op.opId}: no processed_ops row on the server`);
      continue;
    }
    if (final?.result && row.outcome !== final.result.outcome)
      problems.push(`op ${op.opId}: the server kept "${row.outcome}", the device "${final.result.outcome}"`);
  }
  if (processed.length !== planned.length)
    problems.push(`${processed.length} processed ops on the server for this device, ${planned.length} queued`);

  const outcomeOf = (op: Planned) => byOp.get(op.opId)?.result?.outcome;
  const succeeded = (op: Planned) => outcomeOf(op) === 'applied' || outcomeOf(op) === 'applied_with_changes';

  // Customers: each created one exists once; nothing else carries the campaign's mark.
  const customerOps = planned.filter((op) => op.type === 'customer.create');
  const customerRows = await query<{ id: string; name: string }>(
    handle,
    sql`select id, name from customers where company_id = ${companyId} and note = ${MARK}`,
  );
  for (const op of customerOps) {
    const rows = customerRows.filter((row) => row.id === op.entityId);
    const named = customerRows.filter((row) => row.name === op.payload.name);
    if (succeeded(op) && rows.length === 0) lost.push(`customer ${op.entityId} (applied) is not on the server`);
    if (!succeeded(op) && rows.length > 0) problems.push(`customer ${op.entityId} exists although its op was ${outcomeOf(op)}`);
    if (named.length > 1) duplicated.push(`customer "${String(op.payload.name)}" exists ${named.length} times`);
  }

  // Visits: each check-in once; each check-out recorded on it.
  const visitRows = await query<{ id: string; check_out_at: Date | string | null }>(
    handle,
    sql`select id, check_out_at from visits where company_id = ${companyId} and check_in_note = ${MARK}`,
  );
  for (const op of planned.filter((candidate) => candidate.type === 'visit.checkIn')) {
    const rows = visitRows.filter((row) => row.id === op.entityId);
    if (succeeded(op) && rows.length === 0) lost.push(`visit ${op.entityId} (applied) is not on the server`);
    if (!succeeded(op) && rows.length > 0) problems.push(`visit ${op.entityId} exists although its check-in was ${outcomeOf(op)}`);
  }
  for (const op of planned.filter((candidate) => candidate.type === 'visit.checkOut')) {
    const row = visitRows.find((candidate) => candidate.id === op.entityId);
    if (succeeded(op) && (!row?.check_out_at || new Date(row.check_out_at).toISOString() !== op.payload.at))
      lost.push(`check-out of visit ${op.entityId} (applied) is not on the server`);
  }
  const photos = await photoProblems(handle, input, succeeded);
  lost.push(...photos.lost);
  duplicated.push(...photos.duplicated);
  problems.push(...photos.problems);
  const checkIns = planned.filter((op) => op.type === 'visit.checkIn' && succeeded(op)).length;
  if (visitRows.length > checkIns) duplicated.push(`${visitRows.length} campaign visits on the server, ${checkIns} check-ins applied`);

  // Attendance self-claims: each applied claim once, none of a refused one.
  const claimRows = await query<{ id: string }>(
    handle,
    sql`select id from attendance_claims where company_id = ${companyId} and reason = ${MARK}`,
  );
  for (const op of planned.filter((candidate) => candidate.type === 'attendance.claim')) {
    const rows = claimRows.filter((row) => row.id === op.payload.claimId);
    if (succeeded(op) && rows.length === 0) lost.push(`attendance claim ${String(op.payload.claimId)} (applied) is not on the server`);
    if (!succeeded(op) && rows.length > 0)
      problems.push(`attendance claim ${String(op.payload.claimId)} exists although its op was ${outcomeOf(op)}`);
    if (rows.length > 1) duplicated.push(`attendance claim ${String(op.payload.claimId)} is on the server ${rows.length} times`);
  }

  // Orders: once each (by id and by the device's number), all lines, totals that add up.
  const orderRows = await query<{
    id: string;
    local_no: string;
    code: string | null;
    total: string | number;
    lines: string | number;
    line_sum: string | number | null;
    history: string | number;
  }>(
    handle,
    sql`select o.id, o.local_no, o.code, o.total,
            (select count(*) from order_lines l where l.order_id = o.id) as lines,
            (select sum(l.line_total) from order_lines l where l.order_id = o.id) as line_sum,
            (select count(*) from order_status_history h where h.order_id = o.id) as history
          from orders o where o.company_id = ${companyId} and o.note = ${MARK}`,
  );
  const orderOps = planned.filter((op) => op.type === 'order.submit');
  for (const op of orderOps) {
    const rows = orderRows.filter((row) => row.id === op.entityId || row.local_no === op.payload.localNo);
    const final = byOp.get(op.opId);
    if (succeeded(op)) {
      if (rows.length === 0) {
        lost.push(`order ${op.entityId} (${String(op.payload.localNo)}, ${outcomeOf(op)}) is not on the server`);
        continue;
      }
      if (rows.length > 1) duplicated.push(`order ${String(op.payload.localNo)} exists ${rows.length} times`);
      const row = rows[0]!;
      const sentLines = (final?.result?.entity?.data as OrderRecord | undefined)?.lines?.length;
      if (Number(row.lines) === 0) problems.push(`order ${row.local_no} has no lines (a partial order)`);
      if (sentLines !== undefined && Number(row.lines) !== sentLines)
        problems.push(`order ${row.local_no} has ${row.lines} lines, the answer listed ${sentLines}`);
      if (Number(row.line_sum ?? 0) !== Number(row.total))
        problems.push(`order ${row.local_no}: lines add up to ${row.line_sum}, the order says ${row.total}`);
      if (Number(row.history) !== 1) duplicated.push(`order ${row.local_no} has ${row.history} status history rows (applied twice?)`);
    } else if (rows.length > 0) {
      problems.push(`order ${String(op.payload.localNo)} exists although its op was ${outcomeOf(op)}`);
    }
  }
  const codes = orderRows.map((row) => row.code).filter(Boolean);
  if (new Set(codes).size !== codes.length) duplicated.push('two orders share an official code');

  // Stock: reserved exactly once per accepted line (a replay applied twice would reserve twice), in
  // the warehouse of each order, for the variants that warehouse tracks.
  const held = await query<{ variant_id: number; held: string | number }>(
    handle,
    sql`select l.variant_id, sum(l.quantity * l.factor) as held
          from order_lines l join orders o on o.id = l.order_id
          where o.company_id = ${companyId} and o.note like 'fault-campaign %' and o.status in ('pending', 'confirmed')
            and exists (select 1 from stock_levels s
                         where s.company_id = o.company_id and s.warehouse_id = o.warehouse_id and s.variant_id = l.variant_id)
          group by l.variant_id`,
  );
  const expected = new Map(held.map((row) => [Number(row.variant_id), Number(row.held)]));
  const reservedAfter = await reservedStock(handle, companyId);
  for (const variantId of new Set([...reservedBefore.keys(), ...reservedAfter.keys(), ...expected.keys()])) {
    const delta = (reservedAfter.get(variantId) ?? 0) - (reservedBefore.get(variantId) ?? 0);
    if (delta !== (expected.get(variantId) ?? 0))
      duplicated.push(`variant ${variantId}: ${delta} more reserved, campaign orders hold ${expected.get(variantId) ?? 0}`);
  }

  // Stock counts: each applied sheet once, with the lines it was sent with.
  const sheetRows = await query<{ id: string; lines: unknown }>(
    handle,
    sql`select id, lines from stock_count_sheets where company_id = ${companyId} and note = ${MARK}`,
  );
  for (const op of planned.filter((candidate) => candidate.type === 'stock.count')) {
    const rows = sheetRows.filter((row) => row.id === op.entityId);
    if (succeeded(op) && rows.length === 0) lost.push(`count sheet ${op.entityId} (applied) is not on the server`);
    if (!succeeded(op) && rows.length > 0) problems.push(`count sheet ${op.entityId} exists although its op was ${outcomeOf(op)}`);
    const sent = (op.payload.lines as unknown[]).length;
    const stored = rows[0]
      ? typeof rows[0].lines === 'string'
        ? (JSON.parse(rows[0].lines) as unknown[])
        : (rows[0].lines as unknown[])
      : [];
    if (rows[0] && stored.length !== sent) problems.push(`count sheet ${op.entityId} has ${stored.length} lines, ${sent} were sent`);
  }
  const sheetsApplied = planned.filter((op) => op.type === 'stock.count' && succeeded(op)).length;
  if (sheetRows.length > sheetsApplied)
    duplicated.push(`${sheetRows.length} campaign count sheets on the server, ${sheetsApplied} applied`);

  // Collections: each applied payment once, for the amount sent; none for a refused op.
  const paymentRows = await query<{ id: string; amount: string | number }>(
    handle,
    sql`select id, amount from payments where company_id = ${companyId} and note = ${MARK}`,
  );
  for (const op of planned.filter((candidate) => candidate.type === 'payment.collect')) {
    const rows = paymentRows.filter((row) => row.id === op.entityId);
    if (succeeded(op) && rows.length === 0) lost.push(`payment ${op.entityId} (applied) is not on the server`);
    if (!succeeded(op) && rows.length > 0) problems.push(`payment ${op.entityId} exists although its op was ${outcomeOf(op)}`);
    if (rows[0] && Number(rows[0].amount) !== op.payload.amount)
      problems.push(`payment ${op.entityId} is for ${rows[0].amount}, ${String(op.payload.amount)} was sent`);
  }
  const paymentsApplied = planned.filter((op) => op.type === 'payment.collect' && succeeded(op)).length;
  if (paymentRows.length > paymentsApplied)
    duplicated.push(`${paymentRows.length} campaign payments on the server, ${paymentsApplied} applied`);

  problems.push(...(await licenceProblems(handle, companyId, planned, succeeded)));
  problems.push(...(await noticeProblems(handle, companyId, planned, succeeded)));

  // Batches the server was killed under: how many were cut in the middle (some ops applied before the kill, some after).
  let cutMidBatch = 0;
  for (const batch of killedBatches) {
    if (!batch.killedAt || batch.opIds.length < 2) continue;
    const times = await query<{ created_at: Date | string }>(
      handle,
      sql`select created_at from processed_ops where company_id = ${companyId} and op_id in ${batch.opIds}`,
    );
    const killed = batch.killedAt.getTime();
    const before = times.filter((row) => new Date(row.created_at).getTime() < killed).length;
    if (before > 0 && before < batch.opIds.length) cutMidBatch += 1;
  }
  return {
    lost,
    duplicated,
    problems,
    processed: processed.length,
    customers: customerRows.length,
    visits: visitRows.length,
    orders: orderRows.length,
    sheets: sheetRows.length,
    photos: photos.count,
    cutMidBatch,
  };
}

/**
 * Visit photos: each applied photo once, on its visit, its file attached to it and its bytes in the
 * store at the size the device queued; no photo of a refused op; no file stored twice.
 */
async function photoProblems(handle: DatabaseHandle, input: CheckInput, succeeded: (op: Planned) => boolean) {
  const { companyId, planned, filesDir } = input;
  const result = { lost: [] as string[], duplicated: [] as string[], problems: [] as string[], count: 0 };
  const ops = planned.filter((op) => op.type === 'visit.addPhoto');
  if (ops.length === 0) return result;
  const rows = await query<{ id: string; visit_id: string; file_id: string; attached_id: string | null; byte_size: number | null }>(
    handle,
    sql`select p.id, p.visit_id, p.file_id, f.attached_id, f.byte_size from visit_photos p
        left join stored_files f on f.company_id = p.company_id and f.id = p.file_id
        where p.company_id = ${companyId} and p.note = ${input.mark}`,
  );
  for (const op of ops) {
    const found = rows.filter((row) => row.id === op.entityId);
    if (!succeeded(op)) {
      if (found.length > 0)
        result.problems.push(`photo ${op.entityId} exists although its op was ${String(input.byOp.get(op.opId)?.result?.outcome)}`);
      continue;
    }
    const row = found[0];
    if (!row) {
      result.lost.push(`photo ${op.entityId} (applied) is not on the server`);
      continue;
    }
    if (row.visit_id !== op.payload.visitId)
      result.problems.push(`photo ${op.entityId} is on visit ${row.visit_id}, queued for ${String(op.payload.visitId)}`);
    if (row.attached_id !== op.entityId) result.problems.push(`photo ${op.entityId}: its file is attached to ${String(row.attached_id)}`);
    const file = path.join(filesDir, String(companyId), String(op.payload.fileId).slice(-2), String(op.payload.fileId));
    const size = fs.existsSync(file) ? fs.statSync(file).size : null;
    if (size === null) result.lost.push(`photo ${op.entityId}: its file's bytes are not in the store`);
    else if (size !== op.payload.byteSize || row.byte_size !== op.payload.byteSize)
      result.problems.push(`photo ${op.entityId}: ${size} bytes stored, ${String(op.payload.byteSize)} queued`);
  }
  result.count = rows.length;
  const applied = ops.filter(succeeded).length;
  if (rows.length > applied) result.duplicated.push(`${rows.length} campaign photos on the server, ${applied} applied`);
  const byFile = new Map<string, number>();
  for (const row of rows) byFile.set(row.file_id, (byFile.get(row.file_id) ?? 0) + 1);
  for (const [file, count] of byFile) if (count > 1) result.duplicated.push(`file ${file} is on ${count} photos`);
  return result;
}

/** Location notice acceptances: one row per version the rep accepted, however many times it was sent. */
async function noticeProblems(
  handle: DatabaseHandle,
  companyId: number,
  planned: Planned[],
  succeeded: (op: Planned) => boolean,
): Promise<string[]> {
  const applied = new Set(
    planned.filter((op) => op.type === 'visit.acceptLocationNotice' && succeeded(op)).map((op) => op.payload.version),
  );
  const rows = await query<{ version: string; n: string | number }>(
    handle,
    sql`select version, count(*) as n from location_notice_acceptances where company_id = ${companyId} group by version`,
  );
  const problems = rows.filter((row) => Number(row.n) > 1).map((row) => `notice ${row.version} accepted ${row.n} times`);
  for (const version of applied)
    if (!rows.some((row) => row.version === version)) problems.push(`notice ${String(version)} (applied) is not on the server`);
  return problems;
}

/**
 * Licence edits: a customer with applied `customer.licence` ops holds the number of one of them
 * (which one depends on the order the tabs queued them in), and none holds a refused op's number.
 */
async function licenceProblems(
  handle: DatabaseHandle,
  companyId: number,
  planned: Planned[],
  succeeded: (op: Planned) => boolean,
): Promise<string[]> {
  const ops = planned.filter((op) => op.type === 'customer.licence');
  if (ops.length === 0) return [];
  const ids = [...new Set(ops.map((op) => op.entityId))];
  const rows = await query<{ id: string; licence_number: string | null }>(
    handle,
    sql`select id, licence_number from customers where company_id = ${companyId} and id in ${ids}`,
  );
  const numberOf = new Map(rows.map((row) => [row.id, row.licence_number]));
  const problems: string[] = [];
  for (const id of ids) {
    const applied = ops.filter((op) => op.entityId === id && succeeded(op)).map((op) => op.payload.licence_number);
    const refused = ops.filter((op) => op.entityId === id && !succeeded(op)).map((op) => op.payload.licence_number);
    const held = numberOf.get(id) ?? null;
    if (applied.length > 0 && !applied.includes(held))
      problems.push(`customer ${id}: licence ${held ?? '(none)'} is none of its applied edits`);
    if (held !== null && refused.includes(held)) problems.push(`customer ${id} holds licence ${held} from a refused edit`);
  }
  return problems;
}
