import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getMemberAccess, setMemberAccess, useMemberAccess } from './access';
import { clearSession, readSession, refreshSessionSnapshot, setCompanyData, setFeatureFlags } from './session-store';

const AN_KHANG = { id: 7, title: 'An Khang', type: 'Dược phẩm' };

// The workspace's switches and access are fetched again on every start, once the screen has painted
// (src/app/layout/app-layout.tsx): the same answer must not hand the app a new session to render.
describe('the session snapshot', () => {
  afterEach(() => clearSession());

  it('stays the same object when a write or a focus changes nothing, and changes when a cookie does', () => {
    setCompanyData(AN_KHANG);
    setFeatureFlags(7, { DLO: true });
    const first = readSession();
    setFeatureFlags(7, { DLO: true });
    refreshSessionSnapshot();
    expect(readSession()).toBe(first);

    setFeatureFlags(7, { DLO: true, ZALO: true });
    const changed = readSession();
    expect(changed).not.toBe(first);
    expect(changed.flags).toEqual({ DLO: true, ZALO: true });
  });

  it('keeps the member’s access object while the stored access is unchanged', () => {
    setCompanyData(AN_KHANG);
    const access = { scope: 'own', permissions: {} } as unknown as Parameters<typeof setMemberAccess>[1];
    setMemberAccess(7, access);
    const { result, rerender } = renderHook(() => useMemberAccess());
    const first = result.current;
    setMemberAccess(7, access);
    rerender();
    expect(result.current).toBe(first);

    setMemberAccess(7, { ...access, scope: 'company' });
    rerender();
    expect(result.current).not.toBe(first);
    expect(getMemberAccess(7)).toMatchObject({ scope: 'company' });
  });
});
