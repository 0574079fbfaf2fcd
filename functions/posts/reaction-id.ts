/** A reaction's public id, `p.<postId>.<userId>` or `c.<commentId>.<userId>`: one reaction per member and target. */

export function reactionIdOf(target: 'p' | 'c', targetId: string, userId: string): string {
  return `${target}.${targetId}.${userId}`;
}

export function parseReactionId(id: string): { kind: 'p' | 'c'; targetId: string; userId: string } {
  const [kind, targetId, userId] = id.split('.') as ['p' | 'c', string, string];
  return { kind, targetId, userId };
}
