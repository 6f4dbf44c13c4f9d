/** The /zalo-oa page's sections (?tab=…) and what its address may carry back from Zalo's consent page. */
export const ZALO_TABS = ['oa', 'followers', 'templates', 'inbox', 'campaigns'] as const;
export type ZaloTab = (typeof ZALO_TABS)[number];
export const ZALO_TAB_LABELS: Record<ZaloTab, string> = {
  oa: 'Tài khoản OA',
  followers: 'Người quan tâm',
  templates: 'Mẫu ZNS',
  inbox: 'Hội thoại',
  campaigns: 'Gửi hàng loạt',
};

export type ZaloSearch = { tab?: ZaloTab; connected?: number; zalo_error?: string };

export function parseZaloSearch(search: Record<string, unknown>): ZaloSearch {
  const tab = ZALO_TABS.find((one) => one === search.tab);
  const connected = Number(search.connected);
  const error = typeof search.zalo_error === 'string' ? search.zalo_error.slice(0, 300) : undefined;
  return { tab, connected: Number.isInteger(connected) && connected > 0 ? connected : undefined, zalo_error: error };
}
