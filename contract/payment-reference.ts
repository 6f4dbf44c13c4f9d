/**
 * A payment's reference (contract/receivables.ts PaymentRecord.reference): the bank transfer's code
 * a collector types, or the key of the COD payment a delivery's collection records
 * (server/modules/delivery/cod.ts), which is the app's own and never shown to a person.
 */
const COD_PREFIX = 'cod:';

/** The reference of the COD payment of a delivery: one per delivery, whatever delivers the news twice. */
export function codPaymentReference(deliveryId: string): string {
  return `${COD_PREFIX}${deliveryId}`;
}

/** The reference a person reads beside the method; none for a COD key (the method, Thu hộ (COD), says it all). */
export function paymentReferenceText(reference: string | null): string | null {
  if (!reference || reference.startsWith(COD_PREFIX)) return null;
  return reference;
}
