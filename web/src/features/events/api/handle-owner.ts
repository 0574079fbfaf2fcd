/** Who a handle names (a member or a page), from the same cached answer the profile reads. */
import { useMemo } from 'react';
import { useAuth } from '@/features/auth/auth-store';
import { useFeed } from '@/features/content/api/feed';
import { handleFeed } from '@/features/content/api/get-handle-feed';
import { viewerOf } from '@/features/content/lib/ids';

export function useHandleOwner(handle: string) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => handleFeed(viewer, handle.toLowerCase()), [viewer, handle]);
  const posts = useFeed(source, 'postsAll', auth.loggedIn !== undefined);
  return { owner: posts.data?.pages[0]?.owner ?? null, query: posts };
}
