/**
 * /reports/settings, "Cấu hình báo cáo": which reports the company shows (product-spec.md §3 report
 * config keys, §2 "Reports dropdown"): each switch turns a report page, its menu entry and its calls
 * on or off. Only the company's owner changes them (functiononoff/, as the server checks).
 */
import { Alert, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { companyPaths } from '@contract/api-paths';
import { REPORT_CONFIG_KEYS, SWITCH_LABELS, type ReportConfigKey } from '@contract/company-switches';
import { apiData } from '@/api/client';
import { useMemberAccess } from '@/session/access';
import { getFeatureFlags, setFeatureFlags } from '@/session/session-store';
import { toast } from '@/ui/toast';

const HINTS: Record<ReportConfigKey, string> = {
  'REPORT-ORDER-REVENUA': 'Doanh thu và đơn hàng theo thời gian, trạng thái, loại đơn, thanh toán',
  'REPORT-PRODUCT': 'Sản phẩm bán chạy, bán chậm, theo danh mục, thương hiệu, nhóm',
  'REPORT-STAFF': 'Doanh số, ghé thăm, tỷ lệ có đơn và KPI của từng nhân viên',
  'REPORT-REGION': 'Doanh thu theo khu vực bán hàng và tỉnh/thành',
  'REPORT-CUSTOMER': 'Khách hàng mua nhiều, khách mới, khách lâu chưa mua, theo nhóm và cấp độ',
  'REPORT-PROMOTION': 'Đơn hàng, tiền giảm, quà tặng và ngân sách của từng chương trình',
};

export function ReportSettings({ companyId }: { companyId: number }) {
  const owner = useMemberAccess()?.isAdmin ?? false;
  const [flags, setFlags] = useState(() => getFeatureFlags(companyId));
  const [saving, setSaving] = useState<ReportConfigKey | null>(null);
  const toggle = async (code: ReportConfigKey, on: boolean) => {
    setSaving(code);
    try {
      await apiData(companyPaths.functionOnOff, {
        method: 'PUT',
        body: { company: companyId, code, is_enabled: on },
        redirectOnForbidden: false,
      });
      const next = { ...getFeatureFlags(companyId), [code]: on };
      setFeatureFlags(companyId, next);
      setFlags(next);
      toast.success(`${on ? 'Đã bật' : 'Đã tắt'} ${SWITCH_LABELS[code].toLowerCase()}`);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Không lưu được cấu hình báo cáo');
    } finally {
      setSaving(null);
    }
  };
  return (
    <Stack gap="md" maw={720}>
      {!owner && (
        <Alert color="yellow" variant="light">
          Chỉ chủ sở hữu công ty mới được thay đổi cấu hình báo cáo.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {REPORT_CONFIG_KEYS.map((code) => (
            <Switch
              key={code}
              checked={flags[code] === true}
              disabled={!owner || saving !== null}
              onChange={(event) => void toggle(code, event.currentTarget.checked)}
              label={SWITCH_LABELS[code]}
              description={HINTS[code]}
              data-testid={`report-switch-${code}`}
            />
          ))}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        Menu "Báo cáo" chỉ hiện khi có ít nhất một báo cáo được bật; báo cáo đã tắt bị máy chủ từ chối.
      </Text>
    </Stack>
  );
}
