/**
 * An order whose rep discount went over the role's maximum (contract/orders-discount.ts): the badge
 * "Chờ duyệt chiết khấu" in the lists, and on the detail why it waits and that confirming the order
 * approves it, or who approved it and when.
 */
import { Alert, Badge, Text, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconDiscount } from '@tabler/icons-react';
import { DISCOUNT_APPROVAL_LABELS, type DiscountApproval } from '@contract/orders-discount';
import { formatDateTime } from '@/lib/dates';

type Approval = DiscountApproval | null | undefined;

/** Shown only while approval is needed: the lists point at what waits for a manager. */
export function DiscountApprovalBadge({ approval, ...rest }: { approval: Approval } & Omit<BadgeProps, 'children'>) {
  if (approval?.state !== 'needed') return null;
  return (
    <Badge variant="light" color="orange" tt="none" style={{ flexShrink: 0 }} data-testid="discount-approval-badge" {...rest}>
      {DISCOUNT_APPROVAL_LABELS.needed}
    </Badge>
  );
}

/** The confirm move of such an order, named for what it also does. */
export const CONFIRM_AND_APPROVE = 'Xác nhận, duyệt chiết khấu';

export function DiscountApprovalAlert({ approval, canApprove }: { approval: Approval; canApprove: boolean }) {
  if (!approval) return null;
  if (approval.state === 'approved') {
    const by = [approval.approved_by, approval.approved_at ? formatDateTime(approval.approved_at) : null].filter(Boolean).join(', ');
    return (
      <Alert color="teal" variant="light" icon={<IconDiscount size={18} />} p="xs" data-testid="discount-approval">
        {DISCOUNT_APPROVAL_LABELS.approved}
        {by ? ` (${by})` : ''}: {approval.reason}
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      title={DISCOUNT_APPROVAL_LABELS.needed}
      data-testid="discount-approval"
    >
      <Text size="sm">{approval.reason}.</Text>
      <Text size="sm">
        {canApprove
          ? `Bấm “${CONFIRM_AND_APPROVE}” để xác nhận đơn hàng và duyệt chiết khấu này.`
          : 'Xác nhận đơn hàng là duyệt chiết khấu này; cần người có quyền duyệt đơn hàng.'}
      </Text>
    </Alert>
  );
}
