/**
 * "Dữ liệu cá nhân" in the customer form: whether the customer is a household business or person,
 * and, when creating one, the owner's consent with how it was given (contract/customers-privacy.ts).
 * The box is never ticked in advance: silence is not consent.
 */
import { Alert, Card, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { CONSENT_METHOD_LABELS, CONSENT_METHODS, CONSENT_NOTICE, PERSON_OPTIONS, type ConsentMethod } from '@contract/customers-privacy';
import { personOf } from '../model/customer-form';
import type { CustomerFormState } from './use-customer-form';

export function CustomerConsentFields({ form, creating }: { form: CustomerFormState; creating: boolean }) {
  const { values, set, serverErrors, setServerErrors } = form;
  const person = personOf(values);
  const setConsent = (consent: typeof values.consent) => {
    set('consent', consent);
    if (serverErrors.consent) setServerErrors(({ consent: _gone, ...rest }) => rest);
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-form-privacy">
      <Stack gap="sm">
        <Title order={5}>Dữ liệu cá nhân</Title>
        <Radio.Group
          label="Khách hàng là"
          value={person ? 'person' : 'organisation'}
          onChange={(value) => set('person', value === 'person')}
          data-testid="field-person"
        >
          <Group gap="lg" mt={4}>
            {PERSON_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
        {person && creating && (
          <>
            <Alert variant="light" color="blue" p="xs">
              <Text size="sm">{CONSENT_NOTICE.text}</Text>
            </Alert>
            <Checkbox
              label="Chủ cửa hàng đã đọc thông báo trên và đồng ý"
              checked={values.consent.agreed}
              onChange={(event) => setConsent({ ...values.consent, agreed: event.currentTarget.checked })}
              error={!values.consent.agreed ? serverErrors.consent : undefined}
              data-testid="field-consent"
            />
            {values.consent.agreed && (
              <Radio.Group
                label="Cách chủ cửa hàng đồng ý"
                value={values.consent.method}
                onChange={(value) => setConsent({ ...values.consent, method: value as ConsentMethod })}
                error={values.consent.agreed ? serverErrors.consent : undefined}
                data-testid="field-consent-method"
              >
                <Stack gap={6} mt={4}>
                  {CONSENT_METHODS.map((method) => (
                    <Radio key={method} value={method} label={CONSENT_METHOD_LABELS[method]} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </>
        )}
        {person && !creating && (
          <Text size="sm" c="dimmed">
            Sự đồng ý của chủ cửa hàng được ghi nhận, rút lại hoặc xuất trong mục “Dữ liệu cá nhân” ở trang khách hàng.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
