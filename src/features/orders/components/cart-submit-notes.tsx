/**
 * What the rep reads beside "Gửi đơn" before sending: why the order cannot be sent yet
 * (a field that cannot count, no customer…), and that it will wait for a manager's approval of its
 * discount, and why. Neither is ever left to a toast after the tap.
 */
import { Alert, Text, type TextProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function SubmitProblem({ problem, ...rest }: { problem: string | null } & Omit<TextProps, 'children'>) {
  if (!problem) return null;
  return (
    <Text size="sm" c="red" role="status" data-testid="submit-problem" {...rest}>
      Chưa gửi được: {problem}
    </Text>
  );
}

export function ApprovalNotice({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Đơn hàng sẽ chờ quản lý duyệt chiết khấu"
      data-testid="discount-approval-notice"
    >
      {reason}. Đơn vẫn gửi được; quản lý xác nhận đơn là duyệt chiết khấu.
    </Alert>
  );
}
