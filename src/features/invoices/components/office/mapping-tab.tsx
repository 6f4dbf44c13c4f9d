/**
 * The dictionary mapping: per kind (customers, goods, warehouses, accounts) our records beside
 * their code in AMIS, typed or picked from AMIS's own dictionary; "Gửi danh mục sang MISA" sends
 * customers, goods or warehouses with their own codes and maps them. A blank AMIS code means the
 * record's own code (the account's number in the chart, Thông tư 99/2025).
 */
import { Autocomplete, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { MAPPING_KIND_LABELS, MAPPING_KINDS, type MappingKind, type MappingRecord } from '@contract/invoices-accounting';
import { apiErrorMessage } from '@/api/api-error';
import { useCan } from '@/session/access';
import { DataTable } from '@/ui/list-page/data-table';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { SearchInput } from '@/ui/search-input';
import { toastedWrite } from '@/ui/toasted-write';
import { useAccountingWrites, useDictionary, useMappings } from '@/features/invoices/api/accounting-api';

export function MappingTab({ companyId, connected, isMobile }: { companyId: number; connected: boolean; isMobile: boolean }) {
  const [kind, setKind] = useState<MappingKind>('customer');
  const [paging, setPaging] = useState({ page: 1, limit: 20, search: undefined as string | undefined });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const mappings = useMappings(companyId, kind, paging);
  const dictionary = useDictionary(companyId, kind, connected);
  const writes = useAccountingWrites(companyId);
  const canEdit = useCan('invoices', 'edit');
  const canPush = useCan('invoices', 'create');
  const options = (dictionary.data ?? []).map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }));
  const nameOf = (code: string) => dictionary.data?.find((item) => item.code === code)?.name ?? null;
  const valueOf = (row: MappingRecord) => edits[row.local_key] ?? row.misa_code ?? '';

  const save = () =>
    void toastedWrite(
      async () => {
        const items = Object.entries(edits).map(([local_key, code]) => ({
          local_key,
          misa_code: code.trim() || null,
          misa_name: nameOf(code.trim()),
        }));
        const answer = await writes.saveMappings(kind, items);
        setEdits({});
        return answer.message;
      },
      (error) => apiErrorMessage(error, 'Không lưu được ánh xạ'),
    );
  const push = () =>
    void toastedWrite(
      async () => (await writes.pushDictionary(kind as Exclude<MappingKind, 'account'>)).message,
      (error) => apiErrorMessage(error, 'Không gửi được danh mục sang MISA'),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value as MappingKind);
            setEdits({});
            setPaging({ page: 1, limit: 20, search: undefined });
          }}
          data={MAPPING_KINDS.map((value) => ({ value, label: MAPPING_KIND_LABELS[value] }))}
          data-testid="mapping-kind"
        />
        <Group gap="xs">
          {canPush && kind !== 'account' && (
            <Button
              variant="light"
              leftSection={<IconCloudUpload size={18} />}
              onClick={push}
              disabled={!connected}
              data-testid="mapping-push"
            >
              Gửi danh mục sang MISA
            </Button>
          )}
          {canEdit && (
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={save}
              disabled={Object.keys(edits).length === 0}
              data-testid="mapping-save"
            >
              Lưu ánh xạ
            </Button>
          )}
        </Group>
      </Group>
      <SearchInput
        label="Tìm"
        placeholder="Tìm theo mã, tên…"
        value={paging.search}
        onSearch={(search) => setPaging({ ...paging, page: 1, search: search || undefined })}
      />
      {dictionary.error && (
        <Text size="sm" c="red">
          {dictionary.error.message}
        </Text>
      )}
      {!mappings.data ? (
        <LoadingBlock />
      ) : (
        <>
          <DataTable
            minWidth={640}
            testId="mapping-table"
            rowTestId="mapping-row"
            rows={mappings.data.rows}
            rowKey={(row) => row.local_key}
            hover={false}
            columns={[
              { key: 'code', label: 'Mã', cell: (row) => row.local_code },
              { key: 'name', label: 'Tên', cell: (row) => row.local_name },
              {
                key: 'misa',
                label: 'Mã trên AMIS',
                cell: (row) => (
                  <Autocomplete
                    miw={220}
                    aria-label={`Mã trên AMIS của ${row.local_code}`}
                    placeholder={kind === 'account' ? row.local_code : `Mặc định: ${row.local_code}`}
                    data={options}
                    value={valueOf(row)}
                    onChange={(value) => setEdits({ ...edits, [row.local_key]: value.split(' · ')[0] ?? value })}
                    disabled={!canEdit}
                    maxLength={100}
                    limit={20}
                  />
                ),
              },
            ]}
          />
          <ListPager
            page={paging.page}
            limit={paging.limit}
            count={mappings.data.count}
            noun="mục"
            onPage={(page) => setPaging({ ...paging, page })}
            onLimit={(limit) => setPaging({ ...paging, page: 1, limit })}
            testId="mapping-pager"
            countTestId="mapping-count"
            compact={isMobile}
          />
        </>
      )}
    </Stack>
  );
}
