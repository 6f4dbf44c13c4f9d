export { ConnectDloView } from './connect-dlo-view';
export { DeliveryLabelsView } from './delivery-labels-view';
export { OrderDeliveryCard } from './order-delivery-card';
export { TransportListView } from './transport-list-view';
