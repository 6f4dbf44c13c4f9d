import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CustomerCreateInputSchema, CustomerCreateSchema } from './customers';
import {
  answerDueDay,
  CONSENT_REQUIRED_MESSAGE,
  consentRefusal,
  NO_PRIVACY,
  PERSONAL_DATA_RULES,
  zaloLinkRefusal,
  type CustomerPrivacy,
} from './customers-privacy';
import { uuidv7 } from './uuid';

const given = { method: 'on_device', given_at: '2026-01-05T03:00:00.000Z' } as const;

/** A `customer.create` op's payload as the phone sends it. */
const op = (patch: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  name: 'Nhà thuốc Thanh Tâm',
  kind: 'Nhà thuốc',
  phone: '0903456789',
  ...patch,
});

/** The fields an issue points at, dotted, with its message. */
const issuesOf = (result: v.SafeParseResult<v.GenericSchema>) =>
  (result.issues ?? []).map((issue) => ({ path: v.getDotPath(issue), message: issue.message }));

const privacy = (patch: Partial<CustomerPrivacy>): CustomerPrivacy => ({ ...NO_PRIVACY, ...patch });

describe('consentOnCreate', () => {
  it('refuses a household business or person created without the owner’s consent, in Vietnamese', () => {
    expect(consentRefusal({ person: true })).toBe(CONSENT_REQUIRED_MESSAGE);
    expect(consentRefusal({ person: true, consent: null })).toBe(CONSENT_REQUIRED_MESSAGE);
    expect(CONSENT_REQUIRED_MESSAGE).toMatch(/đồng ý/);
  });

  it('takes a person with consent, an organisation without, and an old phone’s op that does not say (person absent)', () => {
    expect(consentRefusal({ person: true, consent: given })).toBeNull();
    expect(consentRefusal({ person: false })).toBeNull();
    expect(consentRefusal({ person: false, consent: null })).toBeNull();
    expect(consentRefusal({})).toBeNull();
    expect(consentRefusal({ person: undefined, consent: undefined })).toBeNull();
  });

  it('the customer.create op and the online create refuse a person without consent on the field `consent`', () => {
    for (const [schema, input] of [
      [CustomerCreateSchema, op({ person: true })],
      [CustomerCreateInputSchema, { ...op({ person: true }), company: 1 }],
    ] as const) {
      const result = v.safeParse(schema, input);
      expect(result.success).toBe(false);
      expect(issuesOf(result)).toEqual([{ path: 'consent', message: CONSENT_REQUIRED_MESSAGE }]);
    }
  });

  it('the op keeps the consent as given, and an op without `person` passes with no consent', () => {
    const agreed = v.safeParse(CustomerCreateSchema, op({ person: true, consent: given }));
    expect(agreed.success).toBe(true);
    expect(agreed.output).toMatchObject({ person: true, consent: given });
    const old = v.safeParse(CustomerCreateSchema, op());
    expect(old.success).toBe(true);
    expect(old.output).toMatchObject({ consent: null });
    expect((old.output as { person?: boolean }).person).toBeUndefined();
  });

  it('refuses a consent with a method that is not one of the listed ways, or an unreadable moment', () => {
    const method = v.safeParse(CustomerCreateSchema, op({ person: true, consent: { method: 'phone_call', given_at: given.given_at } }));
    expect(method.success).toBe(false);
    expect(issuesOf(method)).toContainEqual({ path: 'consent.method', message: 'Cách đồng ý không hợp lệ' });
    const moment = v.safeParse(CustomerCreateSchema, op({ person: true, consent: { method: 'paper', given_at: 'hôm qua' } }));
    expect(moment.success).toBe(false);
    expect(issuesOf(moment).map((issue) => issue.path)).toContain('consent.given_at');
  });
});

describe('noSilentConsent', () => {
  it('never turns an absent or unchecked consent into an agreement', () => {
    const organisation = v.safeParse(CustomerCreateSchema, op({ person: false }));
    expect(organisation.success).toBe(true);
    expect(organisation.output).toMatchObject({ person: false, consent: null });
    for (const consent of [undefined, null, false, true, {}, { method: 'on_device' }]) {
      const result = v.safeParse(CustomerCreateSchema, op({ person: true, consent }));
      expect(result.success, `consent ${JSON.stringify(consent)}`).toBe(false);
    }
  });
});

describe('consentBeforeZalo', () => {
  it('refuses linking a person with no consent on file, naming the customer', () => {
    const refusal = zaloLinkRefusal({ name: 'Nhà thuốc Thanh Tâm', privacy: privacy({ person: true }) });
    expect(refusal).toContain('Nhà thuốc Thanh Tâm');
    expect(refusal).toMatch(/chưa đồng ý/);
  });

  it('links an organisation, and a person whose consent is on file', () => {
    expect(zaloLinkRefusal({ name: 'Công ty Dược Sài Gòn', privacy: privacy({ person: false }) })).toBeNull();
    const agreed = privacy({ person: true, consent_at: '2026-01-05T03:00:00.000Z', consent_method: 'paper' });
    expect(zaloLinkRefusal({ name: 'Nhà thuốc Thanh Tâm', privacy: agreed })).toBeNull();
  });

  it('refuses a customer whose personal data was erased, person or not', () => {
    for (const person of [true, false]) {
      const refusal = zaloLinkRefusal({ name: 'Nhà thuốc Thanh Tâm', privacy: privacy({ person, erased_at: '2026-02-01T00:00:00.000Z' }) });
      expect(refusal).toMatch(/đã được xóa/);
    }
  });
});

describe('answerWithin', () => {
  it('is 2 working days, Saturday and Sunday skipped', () => {
    expect(PERSONAL_DATA_RULES.answerWithin.workingDays).toBe(2);
    // 2026-01-02 is a Friday.
    expect(answerDueDay('2026-01-02')).toBe('2026-01-06');
    expect(new Date('2026-01-06T00:00:00Z').getUTCDay()).toBe(2);
    expect(answerDueDay('2026-01-03')).toBe('2026-01-06');
    expect(answerDueDay('2026-01-04')).toBe('2026-01-06');
    expect(answerDueDay('2026-01-07')).toBe('2026-01-09');
    expect(answerDueDay('2026-01-05')).toBe('2026-01-07');
  });

  it('crosses a month and a year end', () => {
    // 2026-12-31 is a Thursday.
    expect(answerDueDay('2026-12-31')).toBe('2027-01-04');
    // 2026-02-27 is a Friday.
    expect(answerDueDay('2026-02-27')).toBe('2026-03-03');
  });
});

describe('withdrawWithin', () => {
  it('the law’s limit is 15 days; the app applies a withdrawal at once', () => {
    expect(PERSONAL_DATA_RULES.withdrawWithin.days).toBe(15);
    expect(PERSONAL_DATA_RULES.withdrawWithin.rule).toMatch(/ngay/);
  });
});

describe('keepAccountingRecords', () => {
  it('keeps accounting documents for 10 years', () => {
    expect(PERSONAL_DATA_RULES.keepAccountingRecords.years).toBe(10);
    expect(PERSONAL_DATA_RULES.keepAccountingRecords.source).toMatch(/Luật Kế toán/);
  });
});

describe('every rule', () => {
  it.each(Object.entries(PERSONAL_DATA_RULES))('%s states its rule and names the Vietnamese legal text it comes from', (_, rule) => {
    expect(rule.rule.trim()).not.toBe('');
    expect(rule.source.trim()).not.toBe('');
    expect(rule.source).toMatch(/Luật|NĐ \d+\/\d{4}\/NĐ-CP|QH\d+/);
  });
});
