import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchKeeping, keptAnswer } from './kept-answers';

const PATH = '/order/api/getdashboard/';
const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status === 200 ? { code: 200, data } : { code: status, message: 'Lỗi máy chủ' }), { status });

describe('answers kept on the device', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what the server answered, per person, company and question, to paint next time', async () => {
    fetch.mockResolvedValueOnce(answer({ revenue: 1500000 }));
    const fetched = await fetchKeeping(7, PATH, { company: 1, date_from: '2026-11-01' });
    expect(fetched).toMatchObject({ data: { revenue: 1500000 }, fromDevice: false });
    expect(keptAnswer(7, PATH, { company: 1, date_from: '2026-11-01' })).toMatchObject({ data: { revenue: 1500000 }, fromDevice: true });
    expect(keptAnswer(8, PATH, { company: 1, date_from: '2026-11-01' })).toBeUndefined();
    expect(keptAnswer(7, PATH, { company: 2, date_from: '2026-11-01' })).toBeUndefined();
    expect(keptAnswer(7, PATH, { company: 1, date_from: '2026-11-02' })).toBeUndefined();
  });

  it('answers from the device without the network: the same question, else the latest answer to the call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T08:00:00+07:00'));
    fetch.mockResolvedValueOnce(answer({ revenue: 1 }));
    await fetchKeeping(7, PATH, { company: 1, account: 7 });
    vi.setSystemTime(new Date('2026-11-27T08:15:00+07:00'));
    fetch.mockResolvedValueOnce(answer({ revenue: 2 }));
    await fetchKeeping(7, PATH, { company: 1 });
    vi.useRealTimers();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchKeeping(7, PATH, { company: 1, account: 7 })).toMatchObject({ data: { revenue: 1 }, fromDevice: true });
    expect(await fetchKeeping(7, PATH, { company: 1, date_from: '2026-01-01' })).toMatchObject({ data: { revenue: 2 }, fromDevice: true });
    await expect(fetchKeeping(9, PATH, { company: 1 })).rejects.toMatchObject({ isNetwork: true });
  });

  it('does not hide a server error behind a kept answer, and keeps at most 24 answers a person', async () => {
    fetch.mockResolvedValueOnce(answer({ revenue: 1 }));
    await fetchKeeping(7, PATH, { company: 1 });
    fetch.mockResolvedValueOnce(answer(null, 500));
    await expect(fetchKeeping(7, PATH, { company: 1 })).rejects.toMatchObject({ status: 500 });

    for (let day = 1; day <= 30; day += 1) {
      fetch.mockResolvedValueOnce(answer({ day }));
      await fetchKeeping(7, PATH, { company: 1, date_from: `2026-11-${String(day).padStart(2, '0')}` });
    }
    expect(Object.keys(localStorage)).toHaveLength(24);
    expect(keptAnswer(7, PATH, { company: 1, date_from: '2026-11-30' })).toMatchObject({ data: { day: 30 } });
  });
});
