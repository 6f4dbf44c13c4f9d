/** Sign-out as the app does it: end the session, forget cached server data, go to the login page. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { signOut } from '../features/auth/model/session-actions';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    queryClient.clear();
    await navigate({ to: '/login' });
  }, [navigate, queryClient]);
}
