/**
 * A carrier's failure as the office sees it: what it refused (400, its Vietnamese sentence, its
 * own code kept in the log), or that it did not answer (424: the request was fine, the carrier was
 * not; never a 5xx, which would read as our own fault).
 */
import { HttpError } from '@server/kernel/errors';
import { ProviderError } from '@server/lib/provider-http';

export function carrierHttpError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.failure === 'rejected' || error.failure === 'auth') return new HttpError(400, 'CARRIER_REFUSED', error.message);
  return new HttpError(424, 'CARRIER_UNAVAILABLE', `${error.message}. Vui lòng thử lại sau.`);
}

/** Runs a call to a carrier and turns its failure into the answer above. */
export async function askCarrier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw carrierHttpError(error);
  }
}

/** The sentence kept on a delivery or a connection: the carrier's, else a generic one. */
export function carrierMessage(error: unknown): string {
  return error instanceof ProviderError || error instanceof HttpError ? error.message : 'Lỗi không xác định khi gọi hãng vận chuyển';
}
