import { Badge } from '@mantine/core';
import { TEMPLATE_STATUS_LABELS, type TemplateStatus } from '@contract/messaging';

const STATUS_COLORS: Record<TemplateStatus, string> = { enabled: 'teal', pending: 'yellow', rejected: 'red', disabled: 'gray' };

/** A ZNS template's status at Zalo; only "Đang hoạt động" can be sent. */
export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {TEMPLATE_STATUS_LABELS[status]}
    </Badge>
  );
}
