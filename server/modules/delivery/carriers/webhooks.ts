/** Each carrier's webhook body read into carrier events (the parsers live beside their clients). */
import type { ApiCarrier } from '@contract/delivery';
import type { CarrierEvent } from './carrier';
import { ghnWebhookEvents } from './ghn';
import { ghtkWebhookEvents } from './ghtk';
import { vtpWebhookEvents } from './vtp';

export const WEBHOOK_PARSERS: Record<ApiCarrier, (body: unknown) => CarrierEvent[]> = {
  ghn: ghnWebhookEvents,
  ghtk: ghtkWebhookEvents,
  vtp: vtpWebhookEvents,
};
