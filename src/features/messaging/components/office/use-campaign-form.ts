/**
 * The state of the new send-to-many form (campaign-form.tsx): the name, template, recipients and
 * time chosen, the audience the server answered (forgotten as soon as what it depends on changes),
 * the preview that asks for it and the create that sends.
 */
import { useState } from 'react';
import type { OaRecord } from '@contract/messaging';
import type { AudienceAnswer, CampaignRecord, CampaignSource } from '@contract/messaging-campaigns';
import { useBusyWork } from '@/ui/use-busy-work';
import { toast } from '@/ui/toast';
import {
  campaignAudience,
  createCampaign,
  useCustomerGroups,
  useRefreshMessaging,
  useTemplates,
} from '@/features/messaging/api/messaging-api';

type Options = { companyId: number; oa: OaRecord; onCreated: (campaign: CampaignRecord) => void };

export function useCampaignForm({ companyId, oa, onCreated }: Options) {
  const templates = useTemplates(companyId, oa.id);
  const groups = useCustomerGroups(companyId);
  const refresh = useRefreshMessaging(companyId);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [source, setSource] = useState<CampaignSource>('customers');
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [linkedOnly, setLinkedOnly] = useState(false);
  const [later, setLater] = useState(false);
  const [at, setAt] = useState<string | null>(null);
  const [audience, setAudience] = useState<AudienceAnswer | null>(null);
  const { run, busy, problem } = useBusyWork('Không thực hiện được');

  const body = () => ({
    company: companyId,
    oa: oa.id,
    template: template ? Number(template) : undefined,
    source,
    customers:
      source === 'customers' ? { search, customer_type: group ? Number(group) : null, level: level ? Number(level) : null } : undefined,
    followers: source === 'followers' ? { linked_only: linkedOnly } : undefined,
  });
  // What the audience depends on: changing it forgets the preview, so the send waits for a new one.
  const changed =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setAudience(null);
    };

  const preview = () => run(async () => setAudience(await campaignAudience(body())));
  const create = () =>
    run(async () => {
      const scheduled = later && at ? new Date(at).toISOString() : null;
      const { campaign, text } = await createCampaign({ ...body(), name, scheduled_at: scheduled });
      toast.success(text);
      await refresh();
      onCreated(campaign);
    });

  const enabled = (templates.data ?? []).filter((one) => one.status === 'enabled');
  return {
    name,
    setName,
    template,
    setTemplate: changed(setTemplate),
    enabled,
    recipients: {
      groups: groups.data,
      source,
      setSource: changed(setSource),
      search,
      setSearch: changed(setSearch),
      group,
      setGroup: changed(setGroup),
      level,
      setLevel: changed(setLevel),
      linkedOnly,
      setLinkedOnly: changed(setLinkedOnly),
    },
    later,
    setLater,
    at,
    setAt,
    audience,
    busy,
    problem,
    preview,
    create,
  };
}

export type CampaignRecipients = ReturnType<typeof useCampaignForm>['recipients'];
