/**
 * One ZNS template: its parameters with Zalo's sample data, where each takes its value (an order or
 * customer field, or fixed text: the bindings every send uses), and a preview for a customer chosen
 * by search. An approved template may be tried on one phone.
 */
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BINDING_FIELD_LABELS,
  BINDING_FIELDS,
  type OaRecord,
  type TemplateBinding,
  type TemplateBindings,
  type TemplateParam,
  type TemplateRecord,
} from '@contract/messaging';
import { DialogActions } from '@/ui/dialog-actions';
import { CustomerSelectField, type CustomerSummary } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';
import { toastedWrite } from '@/ui/toasted-write';
import {
  errorText,
  messagingKeys,
  previewTemplate,
  saveBindings,
  searchCustomers,
  useRefreshMessaging,
} from '@/features/messaging/api/messaging-api';
import { templateParamLabel, templateParamTitle } from '@/features/messaging/model/template-labels';
import { TemplateStatusBadge } from './template-status-badge';
import { ZnsDialog } from './zns-dialog';

const FIXED = 'text';
const SOURCES = [
  ...BINDING_FIELDS.map((field) => ({ value: field, label: BINDING_FIELD_LABELS[field] })),
  { value: FIXED, label: 'Nội dung cố định' },
];

type Props = { companyId: number; oa: OaRecord; template: TemplateRecord; canEdit: boolean; canSend: boolean; onClose: () => void };

/** The customer the preview is filled for, found by search on the server. */
function usePreviewCustomer(companyId: number) {
  const typed = useSelectSearch();
  const [chosen, setChosen] = useState<CustomerSummary | null>(null);
  const found = useQuery({
    queryKey: messagingKeys.of(companyId, 'customer-search', typed.debounced),
    queryFn: () => searchCustomers(companyId, typed.debounced),
  });
  return { typed, found, chosen, setChosen };
}

/** A parameter by its Vietnamese name, its key beneath (the name Zalo's template uses), a star when required. */
function ParamName({ param }: { param: TemplateParam }) {
  return (
    <>
      {templateParamTitle(param)}
      {param.require && (
        <Text span c="red">
          {' '}
          *
        </Text>
      )}
      {templateParamLabel(param) && (
        <Text size="xs" c="dimmed">
          {param.name}
        </Text>
      )}
    </>
  );
}

export function TemplateDialog({ companyId, oa, template, canEdit, canSend, onClose }: Props) {
  const refresh = useRefreshMessaging(companyId);
  const [bindings, setBindings] = useState<TemplateBindings>(template.bindings);
  const [busy, setBusy] = useState(false);
  const [trying, setTrying] = useState(false);
  const { typed, found, chosen, setChosen } = usePreviewCustomer(companyId);
  const customer = chosen?.id ?? null;
  const preview = useQuery({
    // The server fills the saved bindings: the preview follows a save, not each change on the form.
    queryKey: messagingKeys.of(companyId, 'preview', template.id, customer, template.bindings),
    enabled: customer !== null,
    queryFn: () => previewTemplate(companyId, template.id, customer!),
  });
  const setBinding = (name: string, binding: TemplateBinding | null) => {
    const next = { ...bindings };
    if (binding) next[name] = binding;
    else delete next[name];
    setBindings(next);
  };

  async function save() {
    setBusy(true);
    await toastedWrite(
      async () => {
        const text = await saveBindings(companyId, template.id, bindings);
        await refresh();
        return text;
      },
      (error) => errorText(error, 'Không lưu được cách điền tham số'),
    );
    setBusy(false);
  }

  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={template.name} size="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <TemplateStatusBadge status={template.status} />
          <Text size="sm" c="dimmed">
            Mã mẫu {template.template_id}
          </Text>
          {template.preview_url && (
            <Anchor href={template.preview_url} target="_blank" rel="noreferrer" size="sm">
              Xem mẫu trên Zalo
            </Anchor>
          )}
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tham số</Table.Th>
                <Table.Th>Lấy từ</Table.Th>
                <Table.Th>Dữ liệu mẫu</Table.Th>
                {customer && <Table.Th>Xem trước</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {template.params.map((param) => {
                const binding = bindings[param.name];
                const source = binding ? ('text' in binding ? FIXED : binding.field) : null;
                return (
                  <Table.Tr key={param.name}>
                    <Table.Td>
                      <ParamName param={param} />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <Select
                          aria-label={`Nguồn dữ liệu của ${templateParamTitle(param)}`}
                          data={SOURCES}
                          value={source}
                          placeholder="Nhập khi gửi"
                          clearable
                          disabled={!canEdit}
                          onChange={(value) =>
                            setBinding(
                              param.name,
                              value === null ? null : value === FIXED ? { text: '' } : { field: value as (typeof BINDING_FIELDS)[number] },
                            )
                          }
                        />
                        {binding && 'text' in binding && (
                          <TextInput
                            aria-label={`Nội dung cố định của ${param.name}`}
                            value={binding.text}
                            maxLength={200}
                            disabled={!canEdit}
                            onChange={(event) => setBinding(param.name, { text: event.currentTarget.value })}
                          />
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{template.sample_data[param.name] ?? '—'}</Table.Td>
                    {customer && (
                      <Table.Td data-testid="zalo-template-preview-value">
                        {preview.data?.data[param.name] ?? (preview.data ? 'Thiếu' : '…')}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <CustomerSelectField
          label="Xem trước với khách hàng (theo cách điền đã lưu)"
          placeholder="Tìm khách hàng…"
          search={typed}
          found={found.data}
          chosen={chosen}
          value={customer}
          onPick={setChosen}
          clearable
        />
        {preview.data && preview.data.missing.length > 0 && (
          <Text size="sm" c="orange">
            Khách hàng này thiếu dữ liệu cho: {preview.data.missing.join(', ')} (với đơn hàng, dữ liệu đơn sẽ được điền khi gửi).
          </Text>
        )}
        <Group justify="space-between">
          {canSend && template.status === 'enabled' ? (
            <Button variant="light" onClick={() => setTrying(true)}>
              Gửi thử
            </Button>
          ) : (
            <span />
          )}
          {canEdit ? (
            <DialogActions onCancel={onClose} label="Lưu cách điền" onConfirm={() => void save()} busy={busy} />
          ) : (
            <Button variant="default" onClick={onClose}>
              Đóng lại
            </Button>
          )}
        </Group>
      </Stack>
      {trying && (
        <ZnsDialog companyId={companyId} oa={oa} phone="" customer={customer} template={template.id} onClose={() => setTrying(false)} />
      )}
    </ResponsiveModal>
  );
}
