import { describe, expect, it } from 'vitest';
import { makeComment } from '../testing';
import { buildThread, insertComment, removeSubtree, subtreeIds, visibleComments } from './thread';

const a = makeComment('a');
const a1 = makeComment('a1', { parentId: 'a', level: 1 });
const a11 = makeComment('a11', { parentId: 'a1', level: 2 });
const a2 = makeComment('a2', { parentId: 'a', level: 1 });
const b = makeComment('b');
const orphan = makeComment('orphan', { parentId: 'gone', level: 1 });
const orphanChild = makeComment('orphan-child', { parentId: 'orphan', level: 2 });

const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('comment threads', () => {
  it('hides a reply whose parent is missing, with everything under it', () => {
    const shown = visibleComments([a, a1, orphan, orphanChild, a11, b], 5);
    expect(ids(shown)).toEqual(['a', 'a1', 'a11', 'b']);
  });

  it('hides comments deeper than the deepest level', () => {
    expect(ids(visibleComments([a, a1, a11], 1))).toEqual(['a', 'a1']);
  });

  it('nests replies under their parents in list order', () => {
    const tree = buildThread([a, a1, a11, a2, b]);
    expect(tree.map((n) => n.comment.id)).toEqual(['a', 'b']);
    expect(tree[0]!.replies.map((n) => n.comment.id)).toEqual(['a1', 'a2']);
    expect(tree[0]!.replies[0]!.replies.map((n) => n.comment.id)).toEqual(['a11']);
  });

  it('puts a new reply after the last reply under its parent, a new comment at the end', () => {
    const list = [a, a1, a11, a2, b];
    const reply = makeComment('a12', { parentId: 'a1', level: 2 });
    expect(ids(insertComment(list, reply))).toEqual(['a', 'a1', 'a11', 'a12', 'a2', 'b']);
    expect(ids(insertComment(list, makeComment('c')))).toEqual(['a', 'a1', 'a11', 'a2', 'b', 'c']);
    // The same comment twice (a retried call) is not added again.
    expect(ids(insertComment([...list, reply], reply))).toHaveLength(6);
  });

  it('removes a comment with all its replies', () => {
    expect([...subtreeIds([a, a1, a11, a2, b], 'a1')].sort()).toEqual(['a1', 'a11']);
    expect(ids(removeSubtree([a, a1, a11, a2, b], 'a'))).toEqual(['b']);
  });
});
