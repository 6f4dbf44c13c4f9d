/**
 * The service calls (contract/plans.ts): packages and vouchers (the system administrator's
 * /system/packages), and a company's plan, the price of a package with a voucher, and ordering one
 * (/service-package).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  planPaths,
  type CompanyPlan,
  type PackageQuote,
  type ServicePackageInput,
  type ServicePackageRecord,
  type SystemOrderRecord,
  type VoucherInput,
  type VoucherRecord,
} from '@contract/plans';
import { apiData, apiRequest } from '@/api/client';

const keys = { all: ['plans'] as const, of: (...rest: unknown[]) => ['plans', ...rest] as const };

export function usePackages(all = false) {
  return useQuery({
    queryKey: keys.of('packages', all),
    queryFn: () => apiData<ServicePackageRecord[]>(planPaths.packages, { query: all ? { all: 1 } : {} }),
    retry: false,
  });
}

export function useVouchers() {
  return useQuery({ queryKey: keys.of('vouchers'), queryFn: () => apiData<VoucherRecord[]>(planPaths.vouchers), retry: false });
}

export function useCompanyPlan(companyId: number) {
  return useQuery({
    queryKey: keys.of('company', companyId),
    queryFn: () => apiData<CompanyPlan>(planPaths.companyPlan, { query: { company: companyId } }),
    retry: false,
  });
}

export async function checkVoucher(input: { company: number; code: string; package: number; months: number }): Promise<PackageQuote> {
  return apiData<PackageQuote>(planPaths.checkVoucher, { method: 'POST', body: input });
}

/** A write of the area: the server's message for the toast; every read of the area refreshed. */
export function usePlanWrite<I>(write: (input: I) => Promise<string | undefined>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

const message = async (call: Promise<{ message?: string }>) => (await call).message;

export const planWrites = {
  savePackage: ({ id, input }: { id: number | null; input: ServicePackageInput }) =>
    message(
      apiRequest<ServicePackageRecord>(id ? planPaths.package(id) : planPaths.packages, { method: id ? 'PUT' : 'POST', body: input }),
    ),
  saveVoucher: ({ id, input }: { id: number | null; input: VoucherInput }) =>
    message(apiRequest<VoucherRecord>(id ? planPaths.voucher(id) : planPaths.vouchers, { method: id ? 'PUT' : 'POST', body: input })),
  register: (input: { company: number; package: number; months: number; voucher: string | null }) =>
    message(apiRequest<SystemOrderRecord>(planPaths.register, { method: 'POST', body: input })),
};
