/**
 * The layouts around signed-out screens (product-spec.md §2 "Layouts"): the login layout (a help-desk block
 * beside the form) and the forgot-password card layout. The centred layout of /, /onboard and /403
 * lives in center-layout.tsx because it brings the dialogs those pages need.
 */
import { Anchor, Box, Center, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconHeadset, IconMail } from '@tabler/icons-react';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { HELP_DESK, PRODUCT_TAGLINE } from '@contract/auth-help-desk';
import { whenFirstPainted } from '@/ui/after-first-paint';
import { removeLoginShell } from '../login-shell';

function HelpDesk() {
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} data-testid="help-desk">
      <Title order={2} c="teal.9">
        Sales Field
      </Title>
      <Text c="dimmed">{PRODUCT_TAGLINE}</Text>
      <Stack gap="xs" mt="md">
        <Text fw={600}>Cần hỗ trợ?</Text>
        <Text size="sm">
          <ThemeIcon size="sm" variant="light" mr={8}>
            <IconHeadset size={14} />
          </ThemeIcon>
          Tổng đài: <Anchor href={`tel:${HELP_DESK.phone.replace(/\s/g, '')}`}>{HELP_DESK.phone}</Anchor>
        </Text>
        <Text size="sm">
          <ThemeIcon size="sm" variant="light" mr={8}>
            <IconMail size={14} />
          </ThemeIcon>
          Email: <Anchor href={`mailto:${HELP_DESK.email}`}>{HELP_DESK.email}</Anchor>
        </Text>
        <Text size="sm">
          <ThemeIcon size="sm" variant="light" mr={8}>
            <IconClock size={14} />
          </ThemeIcon>
          Giờ làm việc: {HELP_DESK.hours}
        </Text>
      </Stack>
    </Stack>
  );
}

export function LoginLayout() {
  useEffect(removeLoginShell, []);
  // Once the form is painted, the styles it did not need are fetched (src/ui/later-styles.ts): the
  // screens after signing in then open without waiting for them.
  useEffect(() => void whenFirstPainted(), []);
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 60 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
            <Outlet />
          </Paper>
          <HelpDesk />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function CardLayout() {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder w="100%" maw={520}>
        <Outlet />
      </Paper>
    </Center>
  );
}
