/** A campaign's status and clock, and a customer's returns, as badges whose words say it all (colour only repeats them). */
import { Badge } from '@mantine/core';
import { RECALL_STATUS_LABELS, type RecallStatus } from '@contract/pharma-recalls';
import { customerStanding, deadlineText } from '../model/recall-search';

export function RecallStatusBadge({ status }: { status: RecallStatus }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'orange' : 'gray'} data-testid="recall-status">
      {RECALL_STATUS_LABELS[status]}
    </Badge>
  );
}

export function DeadlineBadge({ deadline, today, status }: { deadline: string; today: string; status: RecallStatus }) {
  const text = deadlineText(deadline, today, status);
  const late = status === 'open' && deadline < today;
  return (
    <Badge variant={late ? 'filled' : 'light'} color={late ? 'red' : 'blue'} data-testid="recall-deadline">
      {text}
    </Badge>
  );
}

export function StandingBadge({ row }: { row: { shipped: number; returned: number; overdue: boolean } }) {
  const standing = customerStanding(row);
  return (
    <Badge variant="light" color={standing.color} data-testid="recall-standing">
      {standing.label}
    </Badge>
  );
}
