/**
 * The OA's followers (docs/messaging.md "Followers"): searched by name or phone, filtered by their
 * link to a customer. A follower who shared a phone that a customer of the company has is suggested
 * that customer, and a person confirms the link (or picks another customer); "Đồng bộ từ Zalo" pages
 * through Zalo's follower list in the background, its progress shown here.
 */
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { FollowerRecord, OaRecord } from '@contract/messaging';
import { useCan } from '@/session/access';
import { ListPage } from '@/ui/list-page/list-page';
import { toastedWrite } from '@/ui/toasted-write';
import {
  errorText,
  linkFollower,
  syncFollowers,
  useFollowers,
  useRefreshMessaging,
  type FollowerFilter,
} from '@/features/messaging/api/messaging-api';
import { followerRows } from './follower-rows';
import { FollowersHeader } from './followers-header';
import { LinkCustomerDialog } from './link-customer-dialog';
import { ZnsDialog } from './zns-dialog';

type Props = { companyId: number; oa: OaRecord; isMobile: boolean; canSend: boolean };

export function FollowersPanel({ companyId, oa, isMobile, canSend }: Props) {
  const [filter, setFilter] = useState<FollowerFilter>({ page: 1, limit: 20 });
  const followers = useFollowers(companyId, oa.id, filter, oa.sync.synced_at);
  const refresh = useRefreshMessaging(companyId);
  const canEdit = useCan('messaging', 'edit');
  const [linking, setLinking] = useState<FollowerRecord | null>(null);
  const [zns, setZns] = useState<FollowerRecord | null>(null);
  const running = oa.sync.state === 'running';

  const link = (follower: FollowerRecord, customer: string | null) =>
    toastedWrite(
      async () => {
        const text = await linkFollower(companyId, follower.id, customer);
        await refresh();
        return text;
      },
      (error) => errorText(error, 'Không liên kết được'),
    );

  const rows = followerRows({ canEdit, canSend, link, setLinking, setZns });

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm người quan tâm', placeholder: 'Tìm theo tên, số điện thoại…', testId: 'zalo-follower-search' }}
      actions={
        canEdit && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            loading={running}
            onClick={() =>
              void toastedWrite(
                async () => {
                  const text = await syncFollowers(companyId, oa.id);
                  await refresh();
                  return text;
                },
                (error) => errorText(error, 'Không đồng bộ được'),
              )
            }
            data-testid="zalo-followers-sync"
          >
            {isMobile ? 'Đồng bộ' : 'Đồng bộ từ Zalo'}
          </Button>
        )
      }
      header={<FollowersHeader oa={oa} filter={filter} setFilter={setFilter} />}
      query={followers}
      empty={{
        title: filter.search || filter.link ? 'Không có người quan tâm phù hợp' : 'Chưa có người quan tâm',
        description: 'Bấm “Đồng bộ từ Zalo” để tải danh sách người quan tâm OA.',
      }}
      rows={rows}
      pager={{ noun: 'người quan tâm', sizes: [20, 50, 100], testId: 'zalo-follower-pager' }}
      footer={
        <>
          {linking && (
            <LinkCustomerDialog
              companyId={companyId}
              follower={linking}
              onClose={() => setLinking(null)}
              onLink={(customer) => link(linking, customer)}
            />
          )}
          {zns && (
            <ZnsDialog
              companyId={companyId}
              oa={oa}
              phone={zns.phone ?? ''}
              customer={zns.customer?.id ?? null}
              onClose={() => setZns(null)}
            />
          )}
        </>
      }
    />
  );
}
