/**
 * "Tải tệp nhập kho cho nhà thuốc (JSON)" on the order's print card (docs/pharma.md "Delivery data
 * for pharmacies"): once the goods left, the national `phieu_nhap` with lots, expiry, registration
 * number and national drug code, saved as a file the pharmacy imports; what it still lacks is said.
 */
import { Button, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { OrderRecord } from '@contract/orders';
import { usePharmacyFile, savePharmacyFile } from '../api/pharmacy-file-api';

const SHIPPED = ['delivering', 'completed', 'returned'];

export function PharmacyFileButton({ companyId, order }: { companyId: number; order: OrderRecord }) {
  const shipped = order.code !== null && SHIPPED.includes(order.status);
  const file = usePharmacyFile(companyId, order.id, shipped);
  if (!shipped) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileDownload size={16} />}
        loading={file.isPending}
        disabled={!file.data}
        onClick={() => file.data && savePharmacyFile(file.data)}
        data-testid="order-pharmacy-file"
      >
        Tải tệp nhập kho cho nhà thuốc (JSON)
      </Button>
      {file.error && (
        <Text size="xs" c="red">
          {file.error.message}
        </Text>
      )}
      {file.data && file.data.gaps.length > 0 && (
        <Text size="xs" c="orange" data-testid="order-pharmacy-gaps">
          Tệp còn thiếu: {file.data.gaps.join('; ')}.
        </Text>
      )}
    </>
  );
}
