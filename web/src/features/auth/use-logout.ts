/** The logout action for components: `const logOut = useLogout(); logOut('/optional/target')`. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session';

export function useLogout(): (target?: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback((target?: string) => logout({ navigate, queryClient, target }), [navigate, queryClient]);
}
