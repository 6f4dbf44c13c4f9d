/**
 * An order's import file for the pharmacy (contract/pharma-delivery-file.ts): read online once the
 * goods left the warehouse (before that the server answers why not), and saved as the JSON the
 * pharmacy's software imports. The printed note reads the same answer for its lots and its QR.
 */
import { useQuery } from '@tanstack/react-query';
import { pharmacyFilePaths, type PharmacyFileAnswer } from '@contract/pharma-delivery-file';
import { apiRequest } from '@/api/client';
import { saveBlob } from '@/api/files';

export function usePharmacyFile(companyId: number, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', companyId, 'pharmacy-file', orderId],
    enabled: enabled && companyId > 0,
    retry: false,
    staleTime: 60_000,
    queryFn: async () =>
      (
        await apiRequest<PharmacyFileAnswer>(pharmacyFilePaths.order(orderId), {
          query: { company: companyId },
          redirectOnForbidden: false,
        })
      ).data,
  });
}

/** The national `phieu_nhap` alone, indented, under the answer's file name. */
export function savePharmacyFile(answer: PharmacyFileAnswer): void {
  const blob = new Blob([JSON.stringify(answer.phieu_nhap, null, 2)], { type: 'application/json' });
  saveBlob(blob, answer.file_name);
}
