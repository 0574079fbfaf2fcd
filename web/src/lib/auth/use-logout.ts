/** The logout action for components: `const logOut = useLogout(); logOut('/optional/target', 'Optional notice')`. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session';

export function useLogout(): (target?: string, notice?: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (target?: string, notice?: string) => logout({ navigate, queryClient, target, notice }),
    [navigate, queryClient],
  );
}
