import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kpiProgress, monthClock, ZERO_KPI, type KpiValues } from '@contract/kpi';
import type { MyKpiAnswer } from '@contract/regions';
import { MyKpiCard } from './my-kpi-card';

const now = new Date('2026-06-11T10:00:00+07:00');
const clock = monthClock('2026-06', now);

function answer(target: KpiValues | null, actual: KpiValues): MyKpiAnswer {
  return {
    month: '2026-06',
    clock,
    account: { id: 7, full_name: 'Lê Văn Trình' },
    region: { id: 1, code: 'MN', name: 'Miền Nam' },
    target,
    actual,
    progress: kpiProgress(target, actual, clock),
  };
}

function serve(status: number, data: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify({ code: status, data, message: status === 403 ? 'Bạn không có quyền xem mục KPI' : undefined }), {
        status,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return render(<MyKpiCard companyId={3} withLink={false} />, { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyKpiCard', () => {
  it('shows the four bars with actual against target, percent and pace', async () => {
    const fetchMock = serve(
      200,
      answer(
        { revenue: 150_000_000, orders: 40, new_customers: 5, visits: 100 },
        { revenue: 60_000_000, orders: 15, new_customers: 1, visits: 20 },
      ),
    );
    renderCard();
    await screen.findByText('KPI tháng 06/2026');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/region/api/my-kpi/?company=3');
    const percents = screen.getAllByTestId('kpi-percent').map((node) => node.textContent);
    expect(percents).toEqual(['40%', '37,5%', '20%', '20%']);
    expect(screen.getAllByTestId('kpi-numbers')[0]!.textContent).toBe('60.000.000\u00a0₫ / 150.000.000\u00a0₫');
    expect(screen.getAllByTestId('kpi-numbers')[1]!.textContent).toBe('15 đơn / 40 đơn');
    // 10 of 30 days passed: 33 visits expected by now, 20 done.
    expect(screen.getByTestId('kpi-pace').textContent).toBe('Chậm tiến độ');
    expect(screen.getByText('Còn 25 đơn · cần 2 đơn/ngày')).toBeTruthy();
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['40', '37.5', '20', '20']);
  });

  it('shows the actuals and says so when there is no target this month', async () => {
    serve(200, answer(null, { ...ZERO_KPI, visits: 3 }));
    renderCard();
    await screen.findByText('Chưa có chỉ tiêu tháng này; đây là kết quả của bạn đến hôm nay.');
    expect(screen.getByTestId('kpi-pace').textContent).toBe('Chưa có chỉ tiêu');
    expect(screen.getAllByTestId('kpi-numbers')[3]!.textContent).toBe('3 lượt');
  });

  it('shows nothing to a member whose role cannot see KPI', async () => {
    const fetchMock = serve(403, null);
    const { container } = renderCard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-testid="my-kpi-card"]')).toBeNull());
    expect(window.location.pathname).not.toBe('/403');
  });
});
