/**
 * A customer's personal data from the office or a rep's phone (contract/customers-privacy.ts):
 * the log, consent recorded or withdrawn, the access workbook, erasure. All online: each is a
 * legal record the server writes once, with who did it; the device's copy follows the answer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerRecord } from '@contract/customers';
import { privacyFileName, privacyPaths, type ConsentMethod, type PrivacyEventRecord } from '@contract/customers-privacy';
import { vietnamDay } from '@contract/price-policy';
import { apiData, apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import type { AppDb } from '@/db/app-db';
import { customerKeys } from './customer-keys';
import { afterWrite, mirrorCustomer } from './customer-writes';

export function usePrivacyEvents(companyId: number, id: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.privacy(companyId, id),
    queryFn: ({ signal }) => apiData<PrivacyEventRecord[]>(privacyPaths.events(id, companyId), { signal }),
    enabled,
  });
}

export type PrivacyRequest = { received_on: string | null; note: string | null };

export function usePrivacyWrites(db: AppDb, companyId: number, id: string) {
  const queryClient = useQueryClient();
  const post = async (path: string, body: Record<string, unknown>): Promise<string | undefined> => {
    const answer = await apiRequest<CustomerRecord>(path, { method: 'POST', body: { company: companyId, ...body } });
    if (answer.data) await mirrorCustomer(db, answer.data);
    await afterWrite(queryClient, companyId, ['customers']);
    return answer.message;
  };
  const request = ({ received_on, note }: PrivacyRequest) => ({ ...(received_on ? { received_on } : {}), note });
  return {
    recordConsent: (method: ConsentMethod, note: string | null) => post(privacyPaths.consent(id), { method, note }),
    withdraw: (input: PrivacyRequest) => post(privacyPaths.withdraw(id), request(input)),
    erase: (input: PrivacyRequest & { confirm_code: string }) =>
      post(privacyPaths.erase(id), { ...request(input), confirm_code: input.confirm_code }),
    async exportData(code: string, receivedOn: string | null): Promise<string> {
      const query = { company: companyId, ...(receivedOn ? { received_on: receivedOn } : {}) };
      const name = await downloadFile(privacyPaths.access(id), query, privacyFileName(code, vietnamDay()));
      await queryClient.invalidateQueries({ queryKey: customerKeys.privacy(companyId, id) });
      return name;
    },
  };
}
