/**
 * The debt-confirmation statement (biên bản đối chiếu công nợ, research second-half-domain.md §3.4):
 * both parties, the opening balance, the period's movements (sales, payments, returns) and the goods
 * sold, the closing balance, the confirmation text and both signatures, printed on A4 in two copies.
 * The period is chosen above the sheet (this month by default); "Xuất Excel" (receivables/export)
 * downloads the same period's statement as a sheet (receivablestatement/export/).
 */
import { Alert, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { receivablePaths, type StatementRecord } from '@contract/receivables';
import { apiData } from '@/api/client';
import { amountInWords } from '@contract/amount-in-words';
import { documentDate, formatDate } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { formatMoney, formatNumber } from '@/lib/money';
import { FilterDateRange } from '@/ui/filter-date-range';
import { LoadingBlock } from '@/ui/loading-block';
import { ExportButton } from '@/ui/list-page/export-button';
import { PrintScreen } from '@/ui/print-screen';
import { useCan } from '@/session/access';
import { receivableKeys } from '@/features/receivables/api/receivable-api';
import { downloadStatement } from '@/features/receivables/api/receivable-reports-api';
import classes from '../receipt.module.css';

type Props = { companyId: number; customerId: string; onBack: () => void };

const money = (value: number) => formatNumber(value, 0);

function Sheet({ statement }: { statement: StatementRecord }) {
  const period = `từ ngày ${formatDate(statement.date_from)} đến ngày ${formatDate(statement.date_to)}`;
  return (
    <>
      <div style={{ textAlign: 'center' }}>
        <b>CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</b>
        <div>
          <b>Độc lập – Tự do – Hạnh phúc</b>
        </div>
      </div>
      <div className={classes.title}>BIÊN BẢN ĐỐI CHIẾU CÔNG NỢ</div>
      <div className={classes.subtitle}>Kỳ đối chiếu {period}</div>
      <p>Hôm nay, {documentDate(new Date()).toLowerCase()}, chúng tôi gồm:</p>
      <dl className={classes.info}>
        <dt>
          <b>Bên bán (bên A):</b>
        </dt>
        <dd data-testid="statement-company">
          <b>{statement.company.title}</b>
        </dd>
        <dt>Địa chỉ:</dt>
        <dd>{statement.company.address ?? '—'}</dd>
        <dt>Mã số thuế, điện thoại:</dt>
        <dd>{[statement.company.tax_code, statement.company.phone].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>
          <b>Bên mua (bên B):</b>
        </dt>
        <dd data-testid="statement-customer">
          <b>
            {statement.customer.name} ({statement.customer.code})
          </b>
        </dd>
        <dt>Địa chỉ:</dt>
        <dd>{statement.customer.address || '—'}</dd>
        <dt>Mã số thuế, điện thoại:</dt>
        <dd>{[statement.customer.tax_code, statement.customer.phone].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Đại diện:</dt>
        <dd>{statement.customer.owner_name ?? '—'}</dd>
      </dl>
      <p>Cùng đối chiếu công nợ {period} như sau:</p>
      <table className={classes.lines} data-testid="statement-lines">
        <thead>
          <tr>
            <th>Ngày</th>
            <th>Chứng từ</th>
            <th>Diễn giải</th>
            <th>Phát sinh tăng</th>
            <th>Phát sinh giảm</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={3}>
              <b>Công nợ đầu kỳ</b>
            </td>
            <td className={classes.num} colSpan={2} data-testid="statement-opening">
              <b>{money(statement.opening)}</b>
            </td>
          </tr>
          {statement.lines.map((line, index) => (
            <tr key={index}>
              <td>{formatDate(line.day)}</td>
              <td>{line.document ?? ''}</td>
              <td>{line.description}</td>
              <td className={classes.num}>{line.increase ? money(line.increase) : ''}</td>
              <td className={classes.num}>{line.decrease ? money(line.decrease) : ''}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={3}>
              <b>Cộng phát sinh</b> (thanh toán {money(statement.payments)}, hàng trả lại {money(statement.returns)})
            </td>
            <td className={classes.num}>
              <b>{money(statement.increases)}</b>
            </td>
            <td className={classes.num}>
              <b>{money(statement.payments + statement.returns)}</b>
            </td>
          </tr>
          <tr>
            <td colSpan={3}>
              <b>Công nợ cuối kỳ</b>
            </td>
            <td className={classes.num} colSpan={2} data-testid="statement-closing">
              <b>{money(statement.closing)}</b>
            </td>
          </tr>
        </tbody>
      </table>
      {statement.goods.length > 0 && (
        <>
          <p>
            <b>Chi tiết hàng hóa bán trong kỳ</b>
          </p>
          <table className={classes.lines}>
            <thead>
              <tr>
                <th>Ngày</th>
                <th>Chứng từ</th>
                <th>Tên hàng hóa</th>
                <th>ĐVT</th>
                <th>SL</th>
                <th>Đơn giá</th>
                <th>Thành tiền</th>
              </tr>
            </thead>
            <tbody>
              {statement.goods.map((line, index) => (
                <tr key={index}>
                  <td>{formatDate(line.day)}</td>
                  <td>{line.document ?? ''}</td>
                  <td>{line.product}</td>
                  <td>{line.unit}</td>
                  <td className={classes.num}>{formatNumber(line.quantity)}</td>
                  <td className={classes.num}>{money(line.unit_price)}</td>
                  <td className={classes.num}>{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>
        Tính đến ngày {formatDate(statement.date_to)}, bên B còn phải thanh toán cho bên A số tiền{' '}
        <b>{formatMoney(Math.max(0, statement.closing))}</b>
        {statement.closing > 0 ? ` (bằng chữ: ${amountInWords(statement.closing, { capitalize: false })})` : ''}
        {statement.closing < 0 ? `; bên A còn nợ bên B ${formatMoney(-statement.closing)} tiền trả trước` : ''}.
      </p>
      <p className={classes.note}>
        Biên bản được lập thành 02 bản, mỗi bên giữ 01 bản có giá trị như nhau. Sau 07 ngày kể từ ngày nhận biên bản, nếu bên B không có ý
        kiến phản hồi thì số liệu trên được coi là đã xác nhận.
      </p>
      <div className={classes.signatures}>
        <div>
          <b>Đại diện bên A</b>
          <i>(Ký, họ tên, đóng dấu)</i>
        </div>
        <div>
          <b>Đại diện bên B</b>
          <i>(Ký, họ tên, đóng dấu)</i>
        </div>
      </div>
    </>
  );
}

export function StatementView({ companyId, customerId, onBack }: Props) {
  const [range, setRange] = useState<[string, string]>([dayjs().startOf('month').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const canExport = useCan('receivables', 'export');
  const statement = useQuery({
    queryKey: receivableKeys.of(companyId, 'statement', customerId, range),
    queryFn: () =>
      apiData<StatementRecord>(receivablePaths.statement, {
        query: { company: companyId, customer: customerId, date_from: range[0], date_to: range[1] },
        redirectOnForbidden: false,
      }),
    retry: false,
  });
  const customerCode = statement.data?.customer.code;
  return (
    <PrintScreen page="@page { size: A4 portrait; margin: 12mm; }" onBack={onBack} ready={!!statement.data}>
      <Group justify="center" align="flex-end" mb="sm" className={classes.screenOnly}>
        <FilterDateRange
          label="Kỳ đối chiếu"
          value={range}
          isMobile
          onChange={(next) => {
            if (next[0] && next[1]) setRange([next[0], next[1]]);
          }}
          data-testid="statement-range"
        />
        {canExport && customerCode !== undefined && (
          <ExportButton
            run={async () => `Đã tải về ${await downloadStatement(companyId, { id: customerId, code: customerCode }, range)}`}
            failure={(error) => (error instanceof Error ? error.message : 'Không xuất được biên bản đối chiếu công nợ')}
            testId="statement-export"
          />
        )}
      </Group>
      {statement.isPending ? (
        <LoadingBlock />
      ) : !statement.data ? (
        <Alert color="red" maw={480} mx="auto">
          {statement.error?.message ?? 'Không lập được biên bản'}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" ta="center" mb="xs" className={classes.screenOnly}>
            Công nợ cuối kỳ: {formatMoney(statement.data.closing)}
          </Text>
          <article
            className={classes.sheet}
            style={{ width: '210mm', padding: '12mm' }}
            // Scrolled sideways on a phone: the keyboard must reach it too (WCAG 2.1.1).
            tabIndex={0}
            aria-label="Biên bản đối chiếu công nợ"
            data-testid="statement-sheet"
          >
            <Sheet statement={statement.data} />
          </article>
        </>
      )}
    </PrintScreen>
  );
}
