/**
 * A ZNS OTP by phone, for the sign-up and verification flows (docs/messaging.md "OTP by ZNS"): the
 * company's first connected OA and its enabled OTP template (Zalo's tag OTP, or a template whose one
 * required parameter is named otp). Answers the message id, or null when the company has no such OA
 * or template (the caller then sends an SMS). Never put the code anywhere but the template data.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import type { VerificationSender } from '@server/lib/verification-sender';
import { providerConnections, zaloMessages, zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { isSwitchOn } from '@server/kernel/switches';
import { ZALO_SWITCH } from '@contract/messaging';
import { queueMessage } from './messages-send';

export async function sendOtpByZns(
  deps: AppDeps,
  input: { companyId: number; phone: string; code: string; id?: string },
): Promise<string | null> {
  // The same code sent again is the message already queued.
  if (input.id && (await deps.db.select({ id: zaloMessages.id }).from(zaloMessages).where(eq(zaloMessages.id, input.id))).length > 0)
    return input.id;
  if (!(await isSwitchOn(deps.db, input.companyId, ZALO_SWITCH))) return null;
  const rows = await deps.db
    .select({ oa: zaloOas.id, template: zaloTemplates })
    .from(zaloTemplates)
    .innerJoin(zaloOas, eq(zaloOas.id, zaloTemplates.oaRowId))
    .innerJoin(providerConnections, eq(providerConnections.id, zaloOas.connectionId))
    .where(
      and(eq(zaloTemplates.companyId, input.companyId), eq(zaloTemplates.status, 'enabled'), eq(providerConnections.status, 'connected')),
    )
    .orderBy(zaloOas.id, zaloTemplates.id);
  const found = rows.find(
    ({ template }) => template.tag === 'OTP' || (template.params.length === 1 && template.params[0]!.name.toLowerCase() === 'otp'),
  );
  const param = found?.template.params.find((one) => /otp|code|ma/i.test(one.name)) ?? found?.template.params[0];
  if (!found || !param) return null;
  const id = input.id ?? crypto.randomUUID();
  await deps.db.transaction((tx) =>
    queueMessage(tx, {
      kind: 'zns',
      id,
      companyId: input.companyId,
      oaRowId: found.oa,
      origin: 'otp',
      templateRowId: found.template.id,
      phone: input.phone,
      data: { [param.name]: input.code },
      text: found.template.name,
    }),
  );
  deps.jobs.kick();
  return id;
}

/**
 * The app's own codes (registration, forgot password) to phones by ZNS from one company's OA
 * (OTP_ZALO_COMPANY: the operator's own company in the app), the code's id as the message's id and
 * Zalo tracking id, so a repeated send is one message; e-mail, and phones the OA cannot reach (no
 * OA, no OTP template, the switch off), go to `fallback` (SMS or the log).
 */
export function zaloFirstSender(deps: AppDeps, companyId: number, fallback: VerificationSender): VerificationSender {
  return {
    async send(message) {
      if (
        message.channel === 'sms' &&
        (await sendOtpByZns(deps, { companyId, phone: message.to, code: message.code, id: message.requestId }))
      )
        return;
      await fallback.send(message);
    },
  };
}
