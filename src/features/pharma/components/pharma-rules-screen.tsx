/**
 * "Quy tắc bán thuốc" (/pharma-rules): per rule, whether a sale that breaks it is blocked, warned of or
 * allowed (the phone's cart and the server both follow it), how many days ahead certificates are
 * flagged, and, read-only, which buyer may buy which kind of drug with the law each row comes from.
 */
import { Button, Card, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BUYER_CLASS_LABELS,
  BUYER_RULES,
  DRUG_CATEGORIES,
  DRUG_CATEGORY_LABELS,
  PHARMA_RULE_LABELS,
  PHARMA_RULES,
  type ClassVerdict,
  type PharmaSettings,
} from '@contract/pharma';
import { RULE_MODE_LABELS, RULE_MODES, type RuleMode } from '@contract/rule-modes';
import { useCan } from '@/session/access';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { usePharmaSettings, useSavePharmaSettings } from '../api/pharma-api';

const RULE_FIELD = { licence: 'licence_rule', drug_class: 'drug_class_rule', registration: 'registration_rule' } as const;
const VERDICT_TEXT: Record<ClassVerdict, string> = { yes: 'Được', scope: 'Cần phạm vi kiểm soát đặc biệt', no: 'Không được' };

function RulesForm({ companyId, saved, canEdit }: { companyId: number; saved: PharmaSettings; canEdit: boolean }) {
  const [draft, setDraft] = useState<PharmaSettings>(saved);
  const [days, setDays] = useState<string | number>(saved.expiry_notice_days);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePharmaSettings(companyId);
  const submit = () => {
    setProblem(null);
    save.mutate(
      { ...draft, expiry_notice_days: Number(days) || 0 },
      { onSuccess: () => toast.success('Đã lưu quy tắc bán thuốc'), onError: (error) => setProblem(error.message) },
    );
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Title order={5}>Khi đơn hàng vi phạm</Title>
        {PHARMA_RULES.map((rule) => (
          <Radio.Group
            key={rule}
            label={PHARMA_RULE_LABELS[rule]}
            value={draft[RULE_FIELD[rule]]}
            onChange={(value) => setDraft((current) => ({ ...current, [RULE_FIELD[rule]]: value as RuleMode }))}
          >
            <Group gap="lg" mt={6}>
              {RULE_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={RULE_MODE_LABELS[mode]} disabled={!canEdit} data-testid={`rule-${rule}-${mode}`} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <StrictNumberInput
          label="Báo trước khi giấy chứng nhận GPP/GDP hết hạn (ngày)"
          description="Danh sách giấy phép sắp hết hạn và thông báo cho nhân viên phụ trách bắt đầu từ số ngày này"
          value={days}
          onChange={setDays}
          min={1}
          max={180}
          allowDecimal={false}
          disabled={!canEdit}
          w={360}
        />
        <ProblemLine problem={problem} />
        {canEdit && (
          <Group>
            <Button loading={save.isPending} onClick={submit} data-testid="pharma-rules-save">
              Lưu quy tắc
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The rules table of contract/pharma.ts as it stands, with its sources (docs/pharma.md). */
function WhoMayBuy() {
  const classes = Object.keys(BUYER_RULES) as (keyof typeof BUYER_RULES)[];
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={5}>Ai được mua loại thuốc nào</Title>
        <Text size="sm">Theo giấy phép của khách hàng. Khách hàng không phải cơ sở kinh doanh dược thì không được mua thuốc.</Text>
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Khách hàng</Table.Th>
                {DRUG_CATEGORIES.map((category) => (
                  <Table.Th key={category}>{DRUG_CATEGORY_LABELS[category]}</Table.Th>
                ))}
                <Table.Th>Căn cứ</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {classes.map((klass) => (
                <Table.Tr key={klass} data-testid={`who-may-buy-${klass}`}>
                  <Table.Td>{BUYER_CLASS_LABELS[klass]}</Table.Td>
                  {DRUG_CATEGORIES.map((category) => (
                    <Table.Td key={category}>{VERDICT_TEXT[BUYER_RULES[klass].allows[category]]}</Table.Td>
                  ))}
                  <Table.Td>{BUYER_RULES[klass].source}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

export function PharmaRulesScreen({ companyId }: { companyId: number }) {
  const settings = usePharmaSettings(companyId);
  const canEdit = useCan('settings', 'edit');
  return (
    <Stack gap="md" maw={1100}>
      {settings.error ? (
        <ProblemLine problem={settings.error.message} />
      ) : !settings.data ? (
        <LoadingBlock />
      ) : (
        <RulesForm companyId={companyId} saved={settings.data} canEdit={canEdit} />
      )}
      <WhoMayBuy />
    </Stack>
  );
}
