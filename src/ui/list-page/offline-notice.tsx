/**
 * The yellow line over a list read from the device because the server cannot be reached, so the
 * person knows the rows may be behind the office's (and, where it applies, what needs the network).
 */
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const DEVICE_LIST_TEXT = 'Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy.';

export function OfflineNotice({ testId, children = DEVICE_LIST_TEXT }: { testId?: string; children?: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs" data-testid={testId}>
      {children}
    </Alert>
  );
}
