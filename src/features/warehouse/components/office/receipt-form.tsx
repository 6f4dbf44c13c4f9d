/**
 * Writing an import, export or transfer receipt (a new one, or a draft being edited): the header,
 * lines added by search or scan, the totals, and three ways to save it: as a draft, sent for
 * approval (Chờ duyệt), or completed at once by whoever may approve (a transfer is sent on its way
 * instead: Đang chuyển). The server's refusals land on their field, a line's on that line. An
 * import line whose lot is expired or short-dated (the company's threshold) is flagged as it is
 * typed, and completing asks first, naming those lines (model/receipt-expiry.ts).
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { RECEIPT_KIND_LABELS, type ReceiptKind } from '@contract/warehouse-status';
import { appDb } from '@/db/app-db';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { MoneyText } from '@/ui/money-text';
import { toast } from '@/ui/toast';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { useReceiptWrites } from '@/features/warehouse/api/receipt-api';
import { errorFields, errorMessage, useWarehouseSettings } from '@/features/warehouse/api/warehouse-api';
import {
  DEFAULT_EXPIRY_RULE,
  expiryQuestions,
  lineExpiry,
  registrationWarning,
  type ExpiryRule,
} from '@/features/warehouse/model/receipt-expiry';
import {
  addVariant,
  changeUnit,
  checkDraft,
  draftTotals,
  lineFieldErrors,
  receiptInput,
  removeLine,
  splitLine,
  updateLine,
  type FieldErrors,
  type LineDraft,
  type ReceiptDraft,
} from '@/features/warehouse/model/receipt-form';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { askExpiry } from './receipt-expiry-question';
import { ReceiptHeaderFields } from './receipt-header-fields';
import { ReceiptLineEditor } from './receipt-line-editor';
import { VariantAdder } from './variant-adder';
import { ProblemAlert } from '@/ui/problem';

type Props = {
  scope: WarehouseScope;
  kind: Exclude<ReceiptKind, 'check'>;
  /** The draft being edited, or null for a new receipt. */
  id: string | null;
  code?: string;
  initial: ReceiptDraft;
  onCancel: () => void;
};

type Goal = 'draft' | 'pending' | 'completed';

/** The form's buttons: a row on a desk, two columns a thumb reaches on a phone. */
function ButtonRow({ isMobile, children }: { isMobile: boolean; children: ReactNode }) {
  return isMobile ? (
    <SimpleGrid cols={2} spacing="xs">
      {children}
    </SimpleGrid>
  ) : (
    <Group justify="flex-end" gap="sm">
      {children}
    </Group>
  );
}

/** The company's short-dated rule for an import's warnings (the default until it loads). */
function useExpiryRule(companyId: number, kind: ReceiptKind): ExpiryRule {
  const settings = useWarehouseSettings(kind === 'import' ? companyId : 0);
  return settings.data?.short_dated_days === undefined ? DEFAULT_EXPIRY_RULE : settings.data;
}

const namedLine = (line: LineDraft) => ({ name: line.variant.name, lotNo: line.lotNo, expiresOn: line.expiresOn });

export function ReceiptForm({ scope, kind, id, code, initial, onCancel }: Props) {
  const { companyId } = scope;
  const writes = useReceiptWrites(companyId);
  const navigate = useNavigate();
  const canEdit = useCan('warehouse', 'edit');
  const canApprove = useCan('warehouse', 'approve');
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<Goal | null>(null);
  const { release } = useLeaveGuard(dirty, 'Phiếu chưa được lưu. Bạn có chắc muốn rời trang?');
  const rule = useExpiryRule(companyId, kind);
  const today = vietnamDay();

  const edit = (next: ReceiptDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const totals = draftTotals(draft);
  const title = id ? `Sửa ${RECEIPT_KIND_LABELS[kind].toLowerCase()} ${code ?? ''}` : `Tạo ${RECEIPT_KIND_LABELS[kind].toLowerCase()}`;

  async function save(goal: Goal) {
    const problems = checkDraft(draft, kind);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage(problems.lines ?? 'Vui lòng kiểm tra các ô báo lỗi');
      return;
    }
    setMessage(null);
    const expiring = kind === 'import' && goal === 'completed' ? expiryQuestions(draft.lines.map(namedLine), today, rule) : [];
    if (expiring.length > 0) return void askExpiry('Vẫn hoàn thành phiếu và ghi tồn kho?', expiring, () => send(goal));
    await send(goal);
  }

  async function send(goal: Goal) {
    setBusy(goal);
    // A transfer is created as a draft and then sent (there is no "completed" before it arrives);
    // an edited draft is saved, then moved.
    const moveAfter = goal !== 'draft' && (id !== null || kind === 'transfer');
    let saved: string | null = null;
    try {
      const answer = await writes.save(kind, id, receiptInput(draft, kind, moveAfter ? 'draft' : goal));
      saved = answer.data.id;
      if (moveAfter) {
        const to = kind === 'transfer' && goal === 'completed' ? 'in_transit' : goal;
        toast.success((await writes.move(kind, saved, to, null)).message ?? 'Đã lưu phiếu');
      } else {
        toast.success(answer.message ?? 'Đã lưu phiếu');
      }
    } catch (error) {
      if (saved === null) {
        setErrors(errorFields(error));
        setMessage(errorMessage(error, 'Không lưu được phiếu'));
        setBusy(null);
        return;
      }
      // Saved, but the move was refused: the draft is there, its page says what to do.
      toast.error(errorMessage(error, 'Đã lưu nháp nhưng chưa chuyển được trạng thái'));
    }
    release();
    setBusy(null);
    void navigate({ to: '/inventory/receipt/$kind/$id', params: { kind, id: saved }, replace: true });
  }

  return (
    <Stack gap="md" data-testid="receipt-form" data-kind={kind}>
      <Title order={3}>{title}</Title>
      <Card withBorder radius="md" padding="md">
        <ReceiptHeaderFields
          companyId={companyId}
          kind={kind}
          multi={scope.multi}
          draft={draft}
          errors={errors}
          onChange={(patch) => edit({ ...draft, ...patch })}
        />
      </Card>
      <VariantAdder db={appDb()} companyId={companyId} onAdd={(variant, unit) => edit(addVariant(draft, variant, unit))} />
      {errors.lines && (
        <Text c="red" size="sm">
          {errors.lines}
        </Text>
      )}
      <Stack gap="xs" data-testid="receipt-lines">
        {draft.lines.map((line, index) => (
          <ReceiptLineEditor
            key={line.key}
            companyId={companyId}
            kind={kind}
            index={index}
            line={line}
            expiry={kind === 'import' ? lineExpiry(line.expiresOn, today, rule) : null}
            registration={kind === 'import' ? registrationWarning(line.variant, today) : null}
            errors={lineFieldErrors(errors, index)}
            onChange={(patch) => edit(updateLine(draft, line.key, patch))}
            onUnit={(unit) => edit(changeUnit(draft, line.key, unit))}
            onRemove={() => edit(removeLine(draft, line.key))}
            onSplit={() => edit(splitLine(draft, line.key))}
          />
        ))}
      </Stack>
      <Card withBorder radius="md" padding="sm" data-testid="receipt-form-totals">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {totals.lines} dòng · Tổng số lượng <b>{formatNumber(totals.quantity)}</b>
          </Text>
          {kind !== 'transfer' && (
            <Text size="sm">
              Tổng tiền: <MoneyText value={totals.amount} fw={700} data-testid="receipt-form-amount" />
            </Text>
          )}
        </Group>
      </Card>
      <ProblemAlert problem={message} testId="receipt-form-error" />
      <ButtonRow isMobile={scope.isMobile}>
        <Button variant="subtle" onClick={onCancel} disabled={busy !== null}>
          Hủy bỏ
        </Button>
        <Button
          variant="default"
          onClick={() => void save('draft')}
          loading={busy === 'draft'}
          disabled={busy !== null}
          data-testid="receipt-save-draft"
        >
          Lưu nháp
        </Button>
        {canEdit && (
          <Button
            variant="light"
            onClick={() => void save('pending')}
            loading={busy === 'pending'}
            disabled={busy !== null}
            data-testid="receipt-send"
          >
            Gửi duyệt
          </Button>
        )}
        {canApprove && (
          <Button
            onClick={() => void save('completed')}
            loading={busy === 'completed'}
            disabled={busy !== null}
            data-testid="receipt-complete"
          >
            {kind === 'transfer' ? 'Xuất kho chuyển đi' : 'Hoàn thành'}
          </Button>
        )}
      </ButtonRow>
    </Stack>
  );
}
