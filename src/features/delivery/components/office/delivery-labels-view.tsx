/**
 * The app's own delivery labels (self delivery, printtag/ sends them here): A6 or 80 mm, one per
 * page, each with the sender, the receiver, the delivery and order codes, the COD to collect and
 * what the receiver may do. HTML print (docs/vietnam.md "Printing"): "In" opens the browser's dialog.
 */
import { Alert, SegmentedControl } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { deliveryPaths, RECEIVER_METHOD_LABELS, type DeliveryRecord } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { apiRequest } from '@/api/client';
import { formatDate } from '@/lib/dates';
import { LoadingBlock } from '@/ui/loading-block';
import { PrintScreen } from '@/ui/print-screen';
import { deliveryKeys } from '@/features/delivery/api/delivery-api';
import { weightText } from '@/features/delivery/model/delivery-text';
import classes from './delivery-labels.module.css';

export type SelfLabelSize = 'a6' | '80mm';
const PAGE_RULES: Record<SelfLabelSize, string> = {
  a6: '@page { size: A6 portrait; margin: 0; }',
  '80mm': '@page { size: 80mm auto; margin: 0; }',
};

type Props = {
  companyId: number;
  companyTitle: string;
  ids: string[];
  size: SelfLabelSize;
  onSize: (size: SelfLabelSize) => void;
  onBack: () => void;
};

export function DeliveryLabelsView({ companyId, companyTitle, ids, size, onSize, onBack }: Props) {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: deliveryKeys.of(companyId, 'one', id),
      retry: false,
      queryFn: async () =>
        (await apiRequest<DeliveryRecord>(deliveryPaths.delivery(id), { query: { company: companyId }, redirectOnForbidden: false })).data,
    })),
  });
  const pending = answers.some((answer) => answer.isPending);
  const failed = answers.find((answer) => answer.error);
  const deliveries = answers.flatMap((answer) => answer.data ?? []);
  return (
    <PrintScreen
      page={PAGE_RULES[size]}
      onBack={onBack}
      ready={!pending && deliveries.length > 0}
      printTestId="labels-print"
      controls={
        <SegmentedControl
          size="xs"
          value={size}
          onChange={(value) => onSize(value as SelfLabelSize)}
          data={[
            { value: 'a6', label: 'A6' },
            { value: '80mm', label: '80mm' },
          ]}
          data-testid="labels-size"
        />
      }
    >
      {pending ? (
        <LoadingBlock />
      ) : failed ? (
        <Alert color="red" maw={480} mx="auto">
          {failed.error?.message ?? 'Không tìm thấy đơn vận chuyển'}
        </Alert>
      ) : (
        deliveries.map((delivery) => (
          <article key={delivery.id} className={classes.sheet} data-size={size} data-testid="delivery-label">
            <div>
              <b>Người gửi:</b> {companyTitle}
            </div>
            <div className={classes.code} data-testid="delivery-label-code">
              {delivery.code}
            </div>
            <div>
              Đơn hàng: <b>{delivery.order_code}</b> · Ngày {formatDate(delivery.created_at)}
            </div>
            <div className={classes.block}>
              <div>
                <b>Người nhận:</b> <span className={classes.big}>{delivery.receiver.name}</span>
              </div>
              <div>ĐT: {delivery.receiver.phone}</div>
              <div>ĐC: {delivery.receiver.address}</div>
            </div>
            <div className={classes.block}>
              <div>
                Thu hộ (COD): <span className={classes.big}>{formatMoney(delivery.cod_amount)}</span>
              </div>
              <div>{RECEIVER_METHOD_LABELS[delivery.receiver_method]}</div>
              <div>
                Gói hàng: {weightText(delivery.parcel.weight_grams)} · {delivery.parcel.length_cm}×{delivery.parcel.width_cm}×
                {delivery.parcel.height_cm} cm
              </div>
              {delivery.shipper && <div>Nhân viên giao: {delivery.shipper.name}</div>}
              {delivery.note && <div>Ghi chú: {delivery.note}</div>}
            </div>
          </article>
        ))
      )}
    </PrintScreen>
  );
}
