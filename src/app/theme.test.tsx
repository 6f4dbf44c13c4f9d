import { Drawer, MantineProvider, Modal, Pagination } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the app theme', () => {
  it("names every dialog's and drawer's close button, where the screen wrote no name of its own", async () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <Modal opened onClose={() => undefined} title="Gửi tin ZNS">
          nội dung
        </Modal>
        <Drawer opened onClose={() => undefined} title="Chi tiết">
          nội dung
        </Drawer>
      </MantineProvider>,
    );
    expect(await screen.findAllByRole('button', { name: 'Đóng' })).toHaveLength(2);
  });

  it("names the pager's arrows by the page they lead to", () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <Pagination total={5} value={2} onChange={() => undefined} withEdges />
      </MantineProvider>,
    );
    for (const name of ['Trang đầu', 'Trang trước', 'Trang sau', 'Trang cuối']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
