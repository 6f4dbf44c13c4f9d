/**
 * The Zalo OA calls (contract/messaging.ts messagingPaths, server/modules/messaging): OAs, followers,
 * templates, messages, the inbox and campaigns. Every read starts its key with ['messaging', company],
 * so one invalidation after a write refreshes them all. The inbox and a sending campaign ask again
 * every few seconds (refetchInterval): new messages show without a reload (docs/messaging.md says
 * why polling and not a socket).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messagingPaths,
  type ConversationBonus,
  type ConversationRecord,
  type FollowerLinkFilter,
  type FollowerRecord,
  type MessageRecord,
  type NewOaRequestRecord,
  type OaConnectAnswer,
  type OaDetail,
  type OaRecord,
  type TemplatePreview,
  type TemplateRecord,
} from '@contract/messaging';
import type { AudienceAnswer, CampaignRecord, RecipientRecord, RecipientStatus } from '@contract/messaging-campaigns';
import { customerPaths, type CustomerLevelRecord, type CustomerTypeRecord } from '@contract/customers';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';

export const messagingKeys = companyQueryKeys('messaging');

/** How often the inbox, an open conversation and a sending campaign look for news. */
export const INBOX_POLL_MS = 4_000;
export const THREAD_POLL_MS = 3_000;

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** A refusal as a form shows it: the sentence, and the fields it names. */
export type FormProblem = { text: string; fields: Record<string, string> };
export function formProblem(error: unknown, fallback: string): FormProblem {
  return { text: errorText(error, fallback), fields: error instanceof ApiError ? error.fields : {} };
}

export function useRefreshMessaging(companyId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: messagingKeys.all(companyId) });
}

/** The company's OAs; asked again every 1.5 s while a follower sync runs (its progress bar). */
export function useOas(companyId: number) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'oas'),
    retry: false,
    refetchInterval: (query) => (query.state.data?.some((oa) => oa.sync.state === 'running') ? 1_500 : false),
    queryFn: async () => (await apiRequest<OaRecord[]>(messagingPaths.oas, { query: { company: companyId } })).data,
  });
}

export function useOaDetail(companyId: number, id: number | null) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'oa', id),
    enabled: id !== null,
    retry: false,
    // Each read asks Zalo for the quota: not on every focus.
    staleTime: 60_000,
    queryFn: async () => (await apiRequest<OaDetail>(messagingPaths.oa(id!), { query: { company: companyId } })).data,
  });
}

export async function startConnect(body: Record<string, unknown>): Promise<OaConnectAnswer> {
  return (await apiRequest<OaConnectAnswer>(messagingPaths.oas, { method: 'POST', body })).data;
}

export async function updateOa(companyId: number, id: number, body: Record<string, unknown>): Promise<string> {
  return (await apiRequest<OaRecord>(messagingPaths.oa(id), { method: 'PUT', body: { company: companyId, ...body } })).message ?? 'Đã lưu';
}

export async function disconnectOa(companyId: number, id: number): Promise<string> {
  return (
    (await apiRequest<OaRecord>(messagingPaths.oa(id), { method: 'DELETE', query: { company: companyId } })).message ?? 'Đã ngắt kết nối'
  );
}

export function useNewOaRequests(companyId: number) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'new-oa'),
    retry: false,
    queryFn: async () => (await apiRequest<NewOaRequestRecord[]>(messagingPaths.newOa, { query: { company: companyId } })).data,
  });
}

export async function submitNewOa(body: Record<string, unknown>): Promise<string> {
  return (await apiRequest<{ id: number }>(messagingPaths.newOa, { method: 'POST', body })).message ?? 'Đã gửi yêu cầu';
}

export type FollowerFilter = { page: number; limit: number; search?: string; link?: FollowerLinkFilter };

/** An OA's followers; `syncedAt` (the OA's last sync) in the key reads them again when a sync ends. */
export function useFollowers(companyId: number, oa: number, filter: FollowerFilter, syncedAt: string | null) {
  const query = { company: companyId, oa, ...filter };
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'followers', query, syncedAt),
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<FollowerRecord>(messagingPaths.followers, { query }),
  });
}

export async function syncFollowers(companyId: number, oa: number): Promise<string> {
  return (await apiRequest<OaRecord>(messagingPaths.followersSync, { method: 'POST', body: { company: companyId, oa } })).message ?? '';
}

export async function linkFollower(companyId: number, id: number, customer: string | null): Promise<string> {
  return (
    (await apiRequest<FollowerRecord>(messagingPaths.follower(id), { method: 'PUT', body: { company: companyId, customer } })).message ?? ''
  );
}

export type CustomerOption = { id: string; code: string; name: string; phone: string | null };

/** Customers of the company by a search (the link dialog's picker). */
export async function searchCustomers(companyId: number, search: string): Promise<CustomerOption[]> {
  return (await apiRequest<CustomerOption[]>(customerPaths.customers, { query: { company: companyId, search, limit: 20 } })).data;
}

/** Customer groups and levels for the campaign's customer filter. */
export function useCustomerGroups(companyId: number) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'customer-groups'),
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      const [types, levels] = await Promise.all([
        apiRequest<CustomerTypeRecord[]>(customerPaths.types, { query: { company: companyId, limit: 200 } }),
        apiRequest<CustomerLevelRecord[]>(customerPaths.levels, { query: { company: companyId } }),
      ]);
      return { types: types.data, levels: levels.data };
    },
  });
}

export function useTemplates(companyId: number, oa: number | null) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'templates', oa),
    enabled: oa !== null,
    retry: false,
    queryFn: async () => (await apiRequest<TemplateRecord[]>(messagingPaths.templates, { query: { company: companyId, oa: oa! } })).data,
  });
}

export async function syncTemplates(companyId: number, oa: number): Promise<string> {
  return (
    (await apiRequest<TemplateRecord[]>(messagingPaths.templatesSync, { method: 'POST', body: { company: companyId, oa } })).message ?? ''
  );
}

export async function saveBindings(companyId: number, id: number, bindings: TemplateRecord['bindings']): Promise<string> {
  return (
    (await apiRequest<TemplateRecord>(messagingPaths.template(id), { method: 'PUT', body: { company: companyId, bindings } })).message ?? ''
  );
}

export async function previewTemplate(companyId: number, id: number, customer: string): Promise<TemplatePreview> {
  return (await apiRequest<TemplatePreview>(messagingPaths.templatePreview(id), { query: { company: companyId, customer } })).data;
}

export async function sendMessage(body: Record<string, unknown>): Promise<{ message: MessageRecord; text: string }> {
  const answer = await apiRequest<MessageRecord>(messagingPaths.messages, { method: 'POST', body });
  return { message: answer.data, text: answer.message ?? 'Tin nhắn đang được gửi' };
}

export function useZnsLog(companyId: number, oa: number) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'zns-log', oa),
    retry: false,
    refetchInterval: INBOX_POLL_MS,
    queryFn: () => fetchPage<MessageRecord>(messagingPaths.messages, { query: { company: companyId, oa, kind: 'zns', limit: 20 } }),
  });
}

export function useConversations(companyId: number, oa: number | null, search: string) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'conversations', oa, search),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_POLL_MS,
    queryFn: async () => {
      const answer = await apiRequest<ConversationRecord[]>(messagingPaths.conversations, {
        query: { company: companyId, oa: oa ?? undefined, search: search || undefined, limit: 50 },
      });
      return { rows: answer.data, unread: (answer.bonus as ConversationBonus | undefined)?.unread_total ?? 0 };
    },
  });
}

export function useThread(companyId: number, conversation: number | null) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'thread', conversation),
    enabled: conversation !== null,
    retry: false,
    refetchInterval: THREAD_POLL_MS,
    queryFn: async () =>
      (
        await apiRequest<MessageRecord[]>(messagingPaths.messages, {
          query: { company: companyId, conversation: conversation!, limit: 100 },
        })
      ).data,
  });
}

export async function markRead(companyId: number, conversation: number): Promise<void> {
  await apiRequest(messagingPaths.conversation(conversation) + 'read/', { method: 'POST', body: { company: companyId } });
}

export async function campaignAudience(body: Record<string, unknown>): Promise<AudienceAnswer> {
  return (await apiRequest<AudienceAnswer>(messagingPaths.campaignAudience, { method: 'POST', body })).data;
}

export async function createCampaign(body: Record<string, unknown>): Promise<{ campaign: CampaignRecord; text: string }> {
  const answer = await apiRequest<CampaignRecord>(messagingPaths.campaigns, { method: 'POST', body });
  return { campaign: answer.data, text: answer.message ?? '' };
}

export function useCampaigns(companyId: number, page: number) {
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'campaigns', page),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((row) => row.status === 'sending') ? 1_500 : false),
    queryFn: () => fetchPage<CampaignRecord>(messagingPaths.campaigns, { query: { company: companyId, page, limit: 10 } }),
  });
}

/**
 * A campaign's recipients, polled while it sends. The rows are read again whenever the campaign's
 * counts move (its settled count is in the key): the header and the rows come from two polls, and
 * the last rows read before the campaign ended showed "Đang chờ" under "Đã gửi 5/5".
 */
export function useRecipients(companyId: number, campaign: CampaignRecord, status: RecipientStatus | undefined, page: number) {
  const query = { company: companyId, status, page, limit: 20 };
  const settled = campaign.counts.sent + campaign.counts.failed;
  return useQuery({
    queryKey: messagingKeys.of(companyId, 'recipients', campaign.id, query, settled),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: campaign.status === 'sending' ? 2_000 : false,
    queryFn: () => fetchPage<RecipientRecord>(messagingPaths.campaignRecipients(campaign.id), { query }),
  });
}

export async function campaignAction(companyId: number, id: number, action: 'retry' | 'cancel'): Promise<string> {
  const path = action === 'retry' ? messagingPaths.campaignRetry(id) : messagingPaths.campaignCancel(id);
  return (await apiRequest<CampaignRecord>(path, { method: 'POST', body: { company: companyId } })).message ?? '';
}
