/**
 * The licence scan on the licence card (docs/pharma.md "The customer's papers"): view it, upload or replace it (one photo
 * or PDF, up to 5 MB), remove it. The file lives on the server only (a phone keeps no copy of every
 * customer's papers), so these need a connection and a customer the server already has.
 */
import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconEye, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { LICENCE_SCAN_TYPES, MAX_LICENCE_SCAN_BYTES, type CustomerRecord } from '@contract/customers';
import { toast } from '@/ui/toast';
import { writeErrorMessage } from '../api/customer-writes';

export type ScanWrites = {
  uploadLicenceScan: (id: string, file: File) => Promise<CustomerRecord>;
  removeLicenceScan: (id: string) => Promise<CustomerRecord>;
  readLicenceScan: (id: string) => Promise<Blob>;
};

type Props = {
  customer: CustomerRecord;
  writes: ScanWrites;
  canEdit: boolean;
  /** The server can be reached and has the customer. */
  reachable: boolean;
};

const MB = MAX_LICENCE_SCAN_BYTES / (1024 * 1024);

export function LicenceScanLine({ customer, writes, canEdit, reachable }: Props) {
  const [busy, setBusy] = useState<'upload' | 'remove' | 'view' | null>(null);
  const has = customer.licence_scan !== null;

  async function run(kind: 'upload' | 'remove' | 'view', work: () => Promise<void>, fallback: string) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      toast.error(writeErrorMessage(error, fallback));
    } finally {
      setBusy(null);
    }
  }

  const view = () => {
    // Opened before the fetch: a tab opened after an await is a pop-up most browsers block.
    const tab = window.open('', '_blank');
    void run(
      'view',
      async () => {
        const url = URL.createObjectURL(await writes.readLicenceScan(customer.id));
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      'Không mở được bản chụp giấy phép',
    ).then(() => {
      if (tab && tab.location.href === 'about:blank') tab.close();
    });
  };

  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_LICENCE_SCAN_BYTES) {
      toast.error(`Tệp "${file.name}" vượt quá ${MB} MB`);
      return;
    }
    void run(
      'upload',
      async () => {
        await writes.uploadLicenceScan(customer.id, file);
        toast.success('Đã lưu bản chụp giấy phép');
      },
      'Không tải được bản chụp giấy phép',
    );
  };

  const remove = () =>
    void run(
      'remove',
      async () => {
        await writes.removeLicenceScan(customer.id);
        toast.success('Đã xóa bản chụp giấy phép');
      },
      'Không xóa được bản chụp giấy phép',
    );

  return (
    <Group gap="xs" wrap="wrap" data-testid="licence-scan">
      <Text size="sm" data-testid="licence-scan-state">
        {has ? 'Đã có bản chụp' : 'Chưa có bản chụp'}
      </Text>
      {has && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          loading={busy === 'view'}
          disabled={!reachable}
          onClick={view}
          data-testid="licence-scan-view"
        >
          Xem
        </Button>
      )}
      {canEdit && (
        <FileButton onChange={upload} accept={LICENCE_SCAN_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              leftSection={<IconUpload size={14} />}
              loading={busy === 'upload'}
              disabled={!reachable}
              data-testid="licence-scan-upload"
            >
              {has ? 'Thay bản chụp' : 'Tải bản chụp lên'}
            </Button>
          )}
        </FileButton>
      )}
      {canEdit && has && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={busy === 'remove'}
          disabled={!reachable}
          onClick={remove}
          data-testid="licence-scan-remove"
        >
          Xóa
        </Button>
      )}
      {!reachable && (
        <Text size="xs" c="dimmed">
          Cần kết nối mạng (và khách hàng đã đồng bộ) để xem hoặc tải bản chụp.
        </Text>
      )}
    </Group>
  );
}
