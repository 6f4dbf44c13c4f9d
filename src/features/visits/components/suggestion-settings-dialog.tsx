/**
 * "Gợi ý đặt hàng" (/visits, for who keeps the company's settings): the must-carry goods every
 * customer should stock, the days after which a route's customer counts as idle, and the days
 * before expiry that make a lot worth moving (contract/visits-suggest.ts). The phones pull them
 * with the check-in rules and suggest offline.
 */
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconBulb, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { IDLE_DAYS_RANGE, MUST_CARRY_MAX, PUSH_EXPIRY_RANGE, type SuggestionSettings } from '@contract/visits-suggest';
import { appDb } from '@/db/app-db';
import { variantName } from '@/lib/line-name';
import { useCan } from '@/session/access';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useVariantSearch, useVariantsById } from '@/db/live-lookups';
import { useSelectSearch } from '@/ui/searched-select';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { variantOptionLabel, VariantSelectField } from '@/ui/variant-picker';
import { useSaveSuggestionSettings, useSuggestionSettings } from '../api/suggestions-api';

function MustCarryList({ companyId, ids, onChange }: { companyId: number; ids: number[]; onChange: (ids: number[]) => void }) {
  const db = appDb();
  const search = useSelectSearch({ trim: true });
  const found = useVariantSearch(db, companyId, search.debounced);
  const known = useVariantsById(db, companyId, ids);
  return (
    <Stack gap={6}>
      <VariantSelectField
        label="Hàng bắt buộc (gợi ý cho khách chưa mua trong tháng)"
        placeholder="Thêm sản phẩm: gõ tên, mã hoặc hoạt chất…"
        search={search}
        found={found}
        optionLabel={(variant) => `${variantOptionLabel(variant)}${ids.includes(variant.id) ? ' ✓' : ''}`}
        value={null}
        onPick={(variant) => variant && !ids.includes(variant.id) && onChange([...ids, variant.id])}
        disabled={ids.length >= MUST_CARRY_MAX}
        data-testid="must-carry-adder"
      />
      {ids.length === 0 ? (
        <Text size="xs" c="dimmed">
          Chưa có sản phẩm bắt buộc nào.
        </Text>
      ) : (
        <ul aria-label="Hàng bắt buộc" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {ids.map((id) => {
            const variant = known?.get(id);
            const name = variant ? variantOptionLabel(variant) : `Sản phẩm #${id}`;
            return (
              <li key={id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Bỏ ${variant ? variantName(variant) : name}`}
                    onClick={() => onChange(ids.filter((other) => other !== id))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}

function SettingsForm({ companyId, saved, onDone }: { companyId: number; saved: SuggestionSettings; onDone: () => void }) {
  const [mustCarry, setMustCarry] = useState(saved.must_carry);
  const [idleDays, setIdleDays] = useState<string | number>(saved.idle_days);
  const [expiryDays, setExpiryDays] = useState<string | number>(saved.push_expiry_days);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSuggestionSettings(companyId);
  const submit = () => {
    setProblem(null);
    save.mutate(
      { must_carry: mustCarry, idle_days: Number(idleDays) || 0, push_expiry_days: Number(expiryDays) || 0 },
      {
        onSuccess: () => {
          toast.success('Đã lưu cài đặt gợi ý đặt hàng');
          onDone();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Stack gap="md">
      <MustCarryList companyId={companyId} ids={mustCarry} onChange={setMustCarry} />
      <StrictNumberInput
        label="Khách trong tuyến lâu chưa ghé sau (ngày)"
        description="Không có đơn hàng và lượt ghé thăm nào trong số ngày này: hiện ở mục Hôm nay của nhân viên"
        value={idleDays}
        onChange={setIdleDays}
        min={IDLE_DAYS_RANGE.min}
        max={IDLE_DAYS_RANGE.max}
        allowDecimal={false}
      />
      <StrictNumberInput
        label="Gợi ý đẩy bán lô còn hạn dùng dưới (ngày)"
        description="Lô được bán còn hàng và hết hạn trong số ngày này được gợi ý khi lên đơn (xuất kho theo hạn gần trước)"
        value={expiryDays}
        onChange={setExpiryDays}
        min={PUSH_EXPIRY_RANGE.min}
        max={PUSH_EXPIRY_RANGE.max}
        allowDecimal={false}
      />
      <ProblemLine problem={problem} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={submit}>
          Lưu cài đặt
        </Button>
      </Group>
    </Stack>
  );
}

/** The button and its dialog; nothing for a member who may not change the company's settings. */
export function SuggestionSettingsButton({ companyId }: { companyId: number }) {
  const canEdit = useCan('settings', 'edit');
  const [opened, setOpened] = useState(false);
  const settings = useSuggestionSettings(companyId, opened);
  if (!canEdit) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconBulb size={16} />} onClick={() => setOpened(true)}>
        Gợi ý đặt hàng
      </Button>
      <ResponsiveModal opened={opened} onClose={() => setOpened(false)} title="Gợi ý đặt hàng">
        {settings.data ? (
          <SettingsForm companyId={companyId} saved={settings.data} onDone={() => setOpened(false)} />
        ) : settings.error ? (
          <ProblemLine problem={settings.error.message} />
        ) : (
          <LoadingBlock />
        )}
      </ResponsiveModal>
    </>
  );
}
