/**
 * /system/sales-history: a company's sales before the app, imported from Excel through the shared
 * import dialog (the template, the .xlsx, a report of every row), and the months held with their
 * sums. Reports and KPI read them as the baseline (docs/system.md "Historical sales").
 */
import { Button, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { systemPaths, type HistoryImportAnswer } from '@contract/system';
import { apiErrorMessage } from '@/api/api-error';
import { downloadFile } from '@/api/files';
import { ImportDialog, type ImportJob, type ImportOutcome } from '@/ui/import-dialog/import-dialog';
import { DataTable } from '@/ui/list-page/data-table';
import { MoneyText } from '@/ui/money-text';
import { toast } from '@/ui/toast';
import { importHistory, useAllCompanies, useHistoryMonths } from '@/features/system/api/system-api';
import { formatNumber } from '@/lib/money';

const MAX_FILE_BYTES = 1024 * 1024;

function HistoryReport({ result, onAgain, onClose }: { result: HistoryImportAnswer; onAgain: () => void; onClose: () => void }) {
  const failed = result.rows.filter((row) => !row.ok);
  return (
    <Stack gap="xs" data-testid="history-report">
      <Text size="sm">
        Đã lưu {result.saved}/{result.total} dòng
        {result.months.length ? ` (tháng ${result.months.map((month) => `${month.slice(5)}/${month.slice(0, 4)}`).join(', ')})` : ''}.
      </Text>
      {failed.map((row) => (
        <Text key={row.row} size="sm" c="red">
          Dòng {row.row}: {row.message}
        </Text>
      ))}
      <Button.Group>
        <Button variant="default" onClick={onAgain}>
          Nhập tệp khác
        </Button>
        <Button onClick={onClose}>Đóng lại</Button>
      </Button.Group>
    </Stack>
  );
}

export function SalesHistoryView() {
  const companies = useAllCompanies();
  const [company, setCompany] = useState<number | null>(null);
  const months = useHistoryMonths(company);
  const [importing, setImporting] = useState(false);

  const run = async (file: File, job: ImportJob): Promise<ImportOutcome<HistoryImportAnswer>> => {
    if (!company) return { problem: 'Vui lòng chọn công ty' };
    if (!/\.xlsx$/i.test(file.name)) return { problem: 'Vui lòng chọn tệp Excel .xlsx (Excel 2007 trở lên).' };
    if (file.size > MAX_FILE_BYTES) return { problem: 'Tệp quá lớn (tối đa 1 MB). Hãy chia tệp thành nhiều phần.' };
    job.step({ text: `Đang tải lên và xử lý ${file.name}…`, percent: 100, waiting: true, label: 'Đang xử lý' });
    try {
      const answer = await importHistory(company, file);
      if (answer.data.failed) toast.warning(answer.message ?? 'Có dòng lỗi');
      else toast.success(answer.message ?? 'Đã nhập doanh số');
      await months.refetch();
      return { result: answer.data };
    } catch (error) {
      return { problem: apiErrorMessage(error, 'Nhập dữ liệu thất bại. Vui lòng thử lại.') };
    }
  };

  return (
    <Stack gap="md">
      <Select
        label="Công ty"
        placeholder="Chọn công ty"
        searchable
        data={(companies.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.title }))}
        value={company ? String(company) : null}
        onChange={(value) => setCompany(value ? Number(value) : null)}
        maw={480}
        nothingFoundMessage="Không có công ty phù hợp"
        data-testid="history-company"
      />
      {company && (
        <>
          <Button
            leftSection={<IconFileImport size={18} />}
            onClick={() => setImporting(true)}
            w="fit-content"
            data-testid="history-import-open"
          >
            Nhập doanh số từ Excel
          </Button>
          {months.data && months.data.length === 0 && <Text c="dimmed">Công ty chưa có doanh số lịch sử.</Text>}
          {months.data && months.data.length > 0 && (
            <DataTable
              minWidth={520}
              testId="history-months"
              rowTestId="history-month"
              rows={months.data}
              rowKey={(entry) => entry.month}
              hover={false}
              columns={[
                { key: 'month', label: 'Tháng', nowrap: true, cell: (entry) => `${entry.month.slice(5)}/${entry.month.slice(0, 4)}` },
                { key: 'revenue', label: 'Doanh số', align: 'right', cell: (entry) => <MoneyText value={entry.revenue} /> },
                { key: 'orders', label: 'Số đơn', align: 'right', cell: (entry) => formatNumber(entry.orders) },
                { key: 'quantity', label: 'Số lượng', align: 'right', cell: (entry) => formatNumber(entry.quantity) },
                { key: 'rows', label: 'Số dòng', align: 'right', cell: (entry) => formatNumber(entry.rows) },
              ]}
            />
          )}
        </>
      )}
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title="Nhập doanh số lịch sử từ Excel"
        testIdPrefix="history-import"
        intro={
          <Text size="sm">
            Mỗi dòng là doanh số một tháng (bắt buộc Tháng và Doanh số), có thể ghi rõ nhân viên (Mã NV), khách hàng, sản phẩm và tỉnh. Các
            tháng có trong tệp sẽ thay cho dữ liệu đã nhập trước đó.
          </Text>
        }
        template={{
          testId: 'history-template',
          download: () => downloadFile(systemPaths.historyTemplate, {}, 'mau-nhap-doanh-so-lich-su.xlsx'),
          failure: (error) => apiErrorMessage(error, 'Không tải được tệp mẫu'),
        }}
        run={run}
        report={(result, actions) => <HistoryReport result={result} onAgain={actions.again} onClose={actions.close} />}
      />
    </Stack>
  );
}
