/**
 * The statement as Excel (receivablestatement/export/), downloaded as the screen does and read with
 * read-excel-file, which shares no code with the writer (exceljs): the days are Date cells, the
 * amounts numbers, opening plus the movements makes the closing balance the screen shows, the
 * Vietnamese text arrives whole; bad input is a Vietnamese 400/404, and another company's caller
 * or customer, a member without "Xuất Excel" and a company with RECEIVABLE off are refused.
 */
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@contract/envelope';
import { customerPaths, type CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import { receivablePaths, statementSheetFileName, type StatementRecord } from '@contract/receivables';
import { uuidv7 } from '@contract/uuid';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { companyCalls, withQuery } from '@server/testing/receivables.kit';

let kit: OrderKit;
const { get } = companyCalls(() => kit);
const HEADER = ['Mã khách hàng', 'Khách hàng', 'Ngày', 'Chứng từ', 'Loại', 'Diễn giải', 'Phát sinh tăng', 'Phát sinh giảm', 'Số dư'];
const daysAgo = (days: number) => vietnamDay(new Date(Date.now() - days * 86_400_000));

function download(query: Record<string, string | number>, token = kit.an.access, company = kit.anKhang) {
  return fetch(`${kit.server.url}/api${withQuery(receivablePaths.statementExport, { company, ...query })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function refusal(response: Response) {
  return [response.status, ((await response.json()) as Envelope<null>).message];
}

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

describe('the statement as Excel', () => {
  it('holds the screen’s statement: Date cells, amounts as numbers, opening plus movements is the closing balance', async () => {
    const customer = kit.customers.get('KH000004')!.id;
    const period = { customer, date_from: daysAgo(60), date_to: vietnamDay() };
    const statement = (await get<StatementRecord>(receivablePaths.statement, period)).body.data;
    // Debts older than the period: the opening balance is not zero, so it is really carried.
    expect(statement.opening).toBeGreaterThan(0);
    expect(statement.lines.length).toBeGreaterThan(0);

    const response = await download(period);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="doi-chieu-cong-no-KH000004-${period.date_from.replace(/-/g, '')}-${period.date_to.replace(/-/g, '')}.xlsx"`,
    );
    const [header, ...rows] = await readSheet(Buffer.from(await response.arrayBuffer()), 'Đối chiếu công nợ');
    expect(header).toEqual(HEADER);
    expect(rows).toHaveLength(statement.lines.length + 2);
    const [opening, closing, movements] = [rows[0]!, rows.at(-1)!, rows.slice(1, -1)];

    // Whose and which period: the customer on every row, the period's first and last day as dates.
    for (const row of rows) expect(row.slice(0, 2)).toEqual([statement.customer.code, statement.customer.name]);
    expect(statement.customer.name).toMatch(/[À-ỹ]/);
    expect([opening[2], opening[5], opening[6], opening[7], opening[8]]).toEqual([
      new Date(`${period.date_from}T00:00:00Z`),
      'Công nợ đầu kỳ',
      null,
      null,
      statement.opening,
    ]);
    expect([closing[2], closing[5], closing[6], closing[7], closing[8]]).toEqual([
      new Date(`${period.date_to}T00:00:00Z`),
      'Công nợ cuối kỳ',
      null,
      null,
      statement.closing,
    ]);

    let balance = opening[8] as number;
    for (const [index, row] of movements.entries()) {
      const line = statement.lines[index]!;
      expect(row[2]).toEqual(new Date(`${line.day}T00:00:00Z`));
      expect([row[3] ?? null, row[5]]).toEqual([line.document, line.description]);
      for (const cell of [row[6], row[7], row[8]]) expect(typeof cell).toBe('number');
      balance += (row[6] as number) - (row[7] as number);
      expect(row[8], `running balance on row ${index + 3}`).toBe(balance);
    }
    expect(balance).toBe(closing[8]);
    const increases = movements.reduce((sum, row) => sum + (row[6] as number), 0);
    const decreases = movements.reduce((sum, row) => sum + (row[7] as number), 0);
    expect([increases, decreases]).toEqual([statement.increases, statement.payments + statement.returns]);
    expect(movements.map((row) => row[4])).toContain('Bán hàng');
  });

  it('names the file by the customer code folded to what a header may carry, and the period', () => {
    expect(statementSheetFileName('KH000004', '2026-11-01', '2026-11-30')).toBe('doi-chieu-cong-no-KH000004-20261101-20261130.xlsx');
    expect(statementSheetFileName(' Đại lý/"số 1" ', '2026-11-01', '2026-11-30')).toBe(
      'doi-chieu-cong-no-DAI-LY-SO-1-20261101-20261130.xlsx',
    );
    expect(statementSheetFileName('Ư', '2026-11-01', '2026-11-01')).toBe('doi-chieu-cong-no-U-20261101-20261101.xlsx');
    expect(statementSheetFileName('//', '2026-11-01', '2026-11-01')).toBe('doi-chieu-cong-no-KH-20261101-20261101.xlsx');
  });

  it('answers bad input in Vietnamese with 400 or 404, never a file', async () => {
    const customer = kit.customers.get('KH000001')!.id;
    const today = vietnamDay();
    expect(await refusal(await download({ customer: uuidv7(), date_from: today, date_to: today }))).toEqual([
      404,
      'Không tìm thấy khách hàng',
    ]);
    expect(await refusal(await download({ customer, date_from: today, date_to: daysAgo(1) }))).toEqual([
      400,
      'Từ ngày phải trước hoặc bằng đến ngày',
    ]);
    expect(await refusal(await download({ customer, date_from: '2026-02-31', date_to: today }))).toEqual([
      400,
      'Từ ngày không hợp lệ (YYYY-MM-DD)',
    ]);
    expect(await refusal(await download({ customer, date_from: '03/12/2026', date_to: today }))).toEqual([
      400,
      'Từ ngày không hợp lệ (YYYY-MM-DD)',
    ]);
    expect(await refusal(await download({ date_from: today, date_to: today }))).toEqual([400, 'Vui lòng nhập khách hàng']);
    expect(await refusal(await download({ customer }))).toEqual([400, 'Vui lòng nhập từ ngày']);
    expect((await download({ customer: 'khong-phai-ma', date_from: today, date_to: today })).status).toBe(400);
  });

  it("refuses another company's customer and caller, a member without Xuất Excel, and RECEIVABLE off", async () => {
    const today = vietnamDay();
    const period = { date_from: daysAgo(30), date_to: today };
    // A customer of Minh Phát, asked for under An Khang (An belongs to both): not An Khang's, so not found.
    const theirs = await kit.server.call<CustomerRecord>(customerPaths.customers, {
      token: kit.an.access,
      body: { company: kit.minhPhat, name: 'Đại lý Minh Phát Đối Chiếu', kind: 'Đại lý' },
    });
    expect(theirs.status).toBe(201);
    expect(await refusal(await download({ customer: theirs.body.data.id, ...period }))).toEqual([404, 'Không tìm thấy khách hàng']);
    // Bình is no member of An Khang.
    const ours = kit.customers.get('KH000001')!.id;
    expect((await download({ customer: ours, ...period }, kit.binh.access)).status).toBe(403);
    // Minh Phát keeps RECEIVABLE off: its own customer is refused there too.
    const off = await download({ customer: theirs.body.data.id, ...period }, kit.binh.access, kit.minhPhat);
    expect([off.status, ((await off.json()) as Envelope<null>).error]).toEqual([403, 'FEATURE_OFF']);
    // A rep reads their customers' statements but their role has no "Xuất Excel" on receivables.
    const rep = (await kit.server.login(DEMO_STAFF.repSouth)).access;
    const mine = kit.customers.get('KH000004')!.id;
    expect((await get(receivablePaths.statement, { customer: mine, ...period }, rep)).status).toBe(200);
    expect(await refusal(await download({ customer: mine, ...period }, rep))).toEqual([
      403,
      'Bạn không có quyền xuất dữ liệu mục Công nợ, thu tiền',
    ]);
    // The accountant has it, and the same file comes down.
    const accountant = (await kit.server.login(DEMO_STAFF.accountant)).access;
    expect((await download({ customer: ours, ...period }, accountant)).status).toBe(200);
  });
});
