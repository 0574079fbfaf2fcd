/**
 * The cache keys of everything the content routes answer. Every key starts with the viewer
 * (guests share 'guest'), since what each may see differs.
 */
export const contentKeys = {
  all: ['content'] as const,
  /** Everything of one viewer (guests share 'guest'): what they may see differs. */
  viewer: (viewer: string) => ['content', viewer] as const,
  feed: (viewer: string, ...scope: string[]) => ['content', viewer, 'feed', ...scope] as const,
  detail: (viewer: string, kind: 'post' | 'plant', id: string) => ['content', viewer, kind, id] as const,
  counts: (viewer: string, userId: string) => ['content', viewer, 'counts', userId] as const,
};
