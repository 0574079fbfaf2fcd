/** The messages' query keys: the screens' and the live provider's (which must not load the screens' calls). */
export const messagesKeys = {
  all: ['messages'] as const,
  inbox: (viewer: string, pageId: string | null) => ['messages', 'inbox', viewer, pageId ?? 'mine'] as const,
  conversation: (viewer: string, a: string, b: string) => ['messages', 'conversation', viewer, ...[a, b].sort()] as const,
  messagee: (handle: string) => ['messages', 'messagee', handle.toLowerCase()] as const,
  blocks: (viewer: string) => ['messages', 'blocks', viewer] as const,
};
