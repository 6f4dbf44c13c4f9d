/** The empty centred layout (product-spec.md §2 "Layouts") of /, /onboard and /403, with confirm dialogs. */
import { Box, Center } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { QueryLayer } from '../query-layer';
import { DialogsHost } from './dialogs-host';

export function CenterLayout() {
  return (
    <QueryLayer>
      <DialogsHost />
      <Center mih="100vh" p="md">
        {/* The page's main landmark, as the app layout has one. */}
        <Box component="main" w="100%" maw={640}>
          <Outlet />
        </Box>
      </Center>
    </QueryLayer>
  );
}
