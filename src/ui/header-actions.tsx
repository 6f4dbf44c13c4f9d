/**
 * Pages put their actions in the mobile header's dots menu (product-spec.md §2: Chỉnh sửa on a customer,
 * Chỉnh sửa / Xóa nhóm khách hàng on a customer group, Sửa thông tin / Đổi mật khẩu / Đăng xuất on
 * the account page) by calling `useHeaderActions` while they are shown.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type HeaderAction = { key: string; label: string; onClick: () => void; danger?: boolean };

type Registry = { actions: HeaderAction[]; setActions: (actions: HeaderAction[]) => void };

const HeaderActionsContext = createContext<Registry>({ actions: [], setActions: () => undefined });

export function HeaderActionsProvider({ children }: { children: ReactNode }) {
  const [actions, setActions] = useState<HeaderAction[]>([]);
  return <HeaderActionsContext.Provider value={{ actions, setActions }}>{children}</HeaderActionsContext.Provider>;
}

export function useRegisteredHeaderActions(): HeaderAction[] {
  return useContext(HeaderActionsContext).actions;
}

export function useHeaderActions(actions: HeaderAction[]): void {
  const { setActions } = useContext(HeaderActionsContext);
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  // Registered once per list of labels; clicks reach the newest handlers through the ref.
  const signature = actions.map((action) => `${action.key}:${action.label}:${action.danger ? 1 : 0}`).join('|');
  useEffect(() => {
    setActions(
      latest.current.map((action) => ({
        ...action,
        onClick: () => latest.current.find((current) => current.key === action.key)?.onClick(),
      })),
    );
    return () => setActions([]);
  }, [signature, setActions]);
}
