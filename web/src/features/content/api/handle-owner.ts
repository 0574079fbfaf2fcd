/** Who a handle names (a member or a page), from the same cached answer the profile reads. */
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth/auth-store';
import { useFeed } from '@/lib/feed/feed';
import { handleFeed } from './get-handle-feed';
import { viewerOf } from '@/lib/ids';

export function useHandleOwner(handle: string) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => handleFeed(viewer, handle.toLowerCase()), [viewer, handle]);
  const posts = useFeed(source, 'postsAll', auth.loggedIn !== undefined);
  return { owner: posts.data?.pages[0]?.owner ?? null, query: posts };
}
