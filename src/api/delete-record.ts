/**
 * Deletes one of a company's records (DELETE on its path, the company in the query); the envelope's
 * message says what happened. A screen that says a refusal in place passes redirectOnForbidden: false.
 */
import { apiRequest, type RequestOptions } from './client';

export function deleteRecord<T = null>(path: string, companyId: number, options: Pick<RequestOptions, 'redirectOnForbidden'> = {}) {
  return apiRequest<T>(path, { method: 'DELETE', query: { company: companyId }, ...options });
}
