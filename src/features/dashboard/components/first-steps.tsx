/**
 * A new company's first steps on its dashboard, for its administrator (docs/decisions.md: a new company
 * landed on an all-zero dashboard with nothing saying where to begin). Each step leads to its
 * screen and is ticked once the company has done it (the server's `first_steps`); the card goes
 * when all four are done.
 */
import { Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { FIRST_STEPS, type FirstStep, type FirstSteps } from '@contract/dashboard';
import { AnchorLink } from '@/ui/anchor-link';

const STEPS: Record<FirstStep, { label: string; to: string; done: string }> = {
  product: { label: 'Thêm sản phẩm đầu tiên', to: '/product/create', done: 'Đã có sản phẩm' },
  customer: { label: 'Thêm khách hàng đầu tiên', to: '/customers/create', done: 'Đã có khách hàng' },
  member: { label: 'Mời nhân viên vào công ty', to: '/employees', done: 'Đã có nhân viên' },
  order: { label: 'Tạo đơn hàng đầu tiên', to: '/order/create', done: 'Đã có đơn hàng' },
};

export function FirstStepsCard({ steps }: { steps: FirstSteps }) {
  const done = FIRST_STEPS.filter((step) => steps[step]).length;
  if (done === FIRST_STEPS.length) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="first-steps">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Bắt đầu sử dụng
        </Title>
        <Text size="sm">
          Đã xong {done}/{FIRST_STEPS.length} bước
        </Text>
        <Progress value={(done * 100) / FIRST_STEPS.length} aria-label={`Đã xong ${done} trên ${FIRST_STEPS.length} bước`} />
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {FIRST_STEPS.map((step) => (
            <Group key={step} component="li" gap="xs" wrap="nowrap" data-testid={`first-step-${step}`} data-done={steps[step]}>
              <ThemeIcon size={22} radius="xl" variant="light" color={steps[step] ? 'teal' : 'gray'} aria-hidden>
                {steps[step] ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
              {steps[step] ? (
                <Text size="sm">{STEPS[step].done}</Text>
              ) : (
                <AnchorLink to={STEPS[step].to} size="sm">
                  {STEPS[step].label}
                </AnchorLink>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
