/**
 * What the delivery module asks of every carrier with an API (GHN, GHTK, Viettel Post): one typed
 * client each over providerFetch (server/lib/provider-http.ts) for its documented calls
 * (each call's source: docs/provider-sources.md). A client throws ProviderError:
 * `rejected` and `auth` with a Vietnamese sentence and the carrier's own code kept beside it, the
 * transport failures as providerFetch classified them.
 */
import type { LabelSize, Parcel, PickShift, ReceiverMethod, SenderAddress } from '@contract/delivery';
import { ProviderError } from '@server/lib/provider-http';

export type Receiver = { name: string; phone: string; address: string; province: string; district: string; ward: string };

export type QuoteDraft = {
  sender: SenderAddress;
  receiver: Receiver;
  parcel: Parcel;
  codAmount: number;
  insuranceValue: number;
};

export type ShipmentDraft = QuoteDraft & {
  /** Our delivery code: the carrier's idempotency key (GHN client_order_code, GHTK order.id, VTP ORDER_NUMBER). */
  code: string;
  serviceId: string;
  receiverMethod: ReceiverMethod;
  pickShift: PickShift | null;
  note: string | null;
  items: { name: string; code: string; quantity: number; weightGrams: number }[];
};

export type CarrierQuote = { serviceId: string; serviceName: string; fee: number; expectedAt: Date | null };

/** A shipment as the carrier holds it; a null tracking code is one it took but has not numbered yet (VTP). */
export type CarrierShipment = { trackingCode: string | null; fee: number | null; expectedAt: Date | null; carrierStatus: string | null };

/** What a carrier says happened to a shipment (webhook or poll). */
export type CarrierEvent = {
  /** Unique per carrier event, for inbound-events' dedupe. */
  eventKey: string;
  trackingCode: string | null;
  /** Our delivery code, when the carrier echoes it. */
  code: string | null;
  carrierStatus: string;
  at: Date;
  /** COD the carrier collected from the receiver, and paid out to the company, when it says. */
  codCollected: number | null;
  codPaidOut: number | null;
  fee: number | null;
  note: string | null;
};

export type CarrierLabel = { kind: 'url'; url: string } | { kind: 'pdf'; bytes: Uint8Array };

export type AccountCheck = { name: string; details: Record<string, string> };

export interface CarrierClient {
  /** Proves the credentials work; what the carrier says of the account. */
  check(): Promise<AccountCheck>;
  quote(draft: QuoteDraft): Promise<CarrierQuote[]>;
  pickShifts(): Promise<PickShift[]>;
  /** Creates the shipment, or answers the one already made under `draft.code`. */
  create(draft: ShipmentDraft): Promise<CarrierShipment>;
  /** The shipment made under our code, or null when the carrier has none (asked before creating again). */
  find(code: string): Promise<CarrierShipment | null>;
  /** The shipment's current status (polling). */
  track(trackingCode: string): Promise<CarrierEvent>;
  cancel(trackingCode: string): Promise<void>;
  label(trackingCodes: readonly string[], size: LabelSize): Promise<CarrierLabel>;
}

/** A carrier's refusal, in Vietnamese, with its own code kept for support. */
export function refusal(message: string, providerCode: string | number | undefined, body?: unknown): ProviderError {
  return new ProviderError('rejected', message, { providerCode, body });
}

export function authRefusal(carrier: string, providerCode?: string | number): ProviderError {
  return new ProviderError('auth', `${carrier} từ chối thông tin kết nối (token sai hoặc đã hết hạn). Vui lòng kết nối lại tài khoản.`, {
    providerCode,
  });
}

export const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

export const asText = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
