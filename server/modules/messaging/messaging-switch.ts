/**
 * The company's ZALO switch, refused on the server (docs/integrations.md "The switch decides on the
 * server"): calls answer 403, and a job of a company whose switch went off ends with the reason.
 */
import { SWITCH_LABELS } from '@contract/company-switches';
import { ZALO_SWITCH } from '@contract/messaging';
import type { Db } from '@server/kernel/db/client';
import { isSwitchOn } from '@server/kernel/switches';

export const ZALO_OFF_MESSAGE = `Công ty chưa bật chức năng ${SWITCH_LABELS[ZALO_SWITCH]}`;

export async function requireZaloOn(db: Db, companyId: number, refusal: new (message: string) => Error): Promise<void> {
  if (!(await isSwitchOn(db, companyId, ZALO_SWITCH))) throw new refusal(ZALO_OFF_MESSAGE);
}
