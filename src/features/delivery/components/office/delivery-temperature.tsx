/** The delivery drawer's temperature card: readings as cold goods leave, added by whoever may edit orders. */
import { useCan } from '@/session/access';
import { TemperatureReadings } from '@/ui/temperature-readings';
import { useAddDeliveryReading, useDeliveryTemperature } from '@/features/delivery/api/delivery-temperature-api';

export function DeliveryTemperature({ companyId, deliveryId }: { companyId: number; deliveryId: string }) {
  const answer = useDeliveryTemperature(companyId, deliveryId);
  const add = useAddDeliveryReading(companyId, deliveryId);
  const canEdit = useCan('orders', 'edit');
  return <TemperatureReadings answer={answer.data} canAdd={canEdit} onAdd={add} moment="khi xuất hàng" />;
}
