/**
 * The OA's ZNS templates (docs/messaging.md "Templates"): each with its status at Zalo (only
 * "Đang hoạt động" can be sent), tag, price and parameters; "Đồng bộ mẫu" reads them again from
 * Zalo; a template opens to choose which order or customer field fills each parameter and to see it
 * filled for a customer.
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { OaRecord, TemplateRecord } from '@contract/messaging';
import { formatMoney } from '@contract/money';
import { useCan } from '@/session/access';
import { CardHead } from '@/ui/list-page/card-head';
import { ListRows, type RowsSpec } from '@/ui/list-page/list-rows';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { toastedWrite } from '@/ui/toasted-write';
import { errorText, syncTemplates, useRefreshMessaging, useTemplates } from '@/features/messaging/api/messaging-api';
import { TemplateDialog } from './template-dialog';
import { TemplateStatusBadge } from './template-status-badge';
import { ZnsLog } from './zns-log';
import { templateParamTitle, templateTagLabel } from '@/features/messaging/model/template-labels';

type Props = { companyId: number; oa: OaRecord; isMobile: boolean; canSend: boolean };

export function TemplatesPanel({ companyId, oa, isMobile, canSend }: Props) {
  const templates = useTemplates(companyId, oa.id);
  const refresh = useRefreshMessaging(companyId);
  const canEdit = useCan('messaging', 'edit');
  const [open, setOpen] = useState<TemplateRecord | null>(null);
  const [syncing, setSyncing] = useState(false);

  const name = (row: TemplateRecord) => (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => setOpen(row)} data-testid="zalo-template-open">
      {row.name}
    </Anchor>
  );
  const rows: RowsSpec<TemplateRecord> = {
    testId: 'zalo-template',
    rowProps: (row) => ({ 'data-id': row.id, 'data-status': row.status }),
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<TemplateStatusBadge status={row.status} />}>{name(row)}</CardHead>
        <Text size="xs" c="dimmed">
          Mã {row.template_id} · {row.params.length} tham số{row.price ? ` · ${formatMoney(row.price)}/tin` : ''}
        </Text>
      </Stack>
    ),
    columns: [
      { key: 'name', label: 'Tên mẫu', cell: name },
      { key: 'id', label: 'Mã mẫu', nowrap: true, cell: (row) => row.template_id },
      { key: 'tag', label: 'Loại', cell: (row) => templateTagLabel(row.tag) },
      { key: 'params', label: 'Tham số', cell: (row) => row.params.map(templateParamTitle).join(', ') },
      { key: 'price', label: 'Đơn giá', align: 'right', nowrap: true, cell: (row) => (row.price ? formatMoney(row.price) : '—') },
      { key: 'status', label: 'Trạng thái', cell: (row) => <TemplateStatusBadge status={row.status} /> },
    ],
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Mẫu ZNS được tạo và duyệt trên Zalo Cloud Account; chỉ mẫu “Đang hoạt động” mới gửi được.
        </Text>
        {canEdit && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            loading={syncing}
            data-testid="zalo-templates-sync"
            onClick={() => {
              setSyncing(true);
              void toastedWrite(
                async () => {
                  const text = await syncTemplates(companyId, oa.id);
                  await refresh();
                  return text;
                },
                (error) => errorText(error, 'Không đồng bộ được mẫu ZNS'),
              ).finally(() => setSyncing(false));
            }}
          >
            Đồng bộ mẫu
          </Button>
        )}
      </Group>
      {templates.isPending && <LoadingBlock />}
      {templates.data?.length === 0 && (
        <EmptyState title="Chưa có mẫu ZNS" description="Bấm “Đồng bộ mẫu” để tải các mẫu của OA từ Zalo." />
      )}
      {templates.data && templates.data.length > 0 && <ListRows rows={templates.data} isMobile={isMobile} spec={rows} />}
      <ZnsLog companyId={companyId} oa={oa} />
      {open && (
        <TemplateDialog companyId={companyId} oa={oa} template={open} canEdit={canEdit} canSend={canSend} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
