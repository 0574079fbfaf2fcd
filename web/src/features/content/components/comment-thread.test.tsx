import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '@shared/answers/comments';
import type { PostDetail } from '@shared/answers/feeds';
import { MAX_COMMENT_LEVEL } from '@shared/content-rules';
import { AUTH } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { makeComment, makeDetail, makePost, MEMBER_ID, renderContent, uuid } from '../testing';
import { CommentThread } from './comment-thread';

const me = { uuid: MEMBER_ID, username: 'fern_fan', name: 'Fern Gully', avatar: null };

function Harness({ initial }: { initial: PostDetail }) {
  const [detail, setDetail] = useState(initial);
  return <CommentThread detail={detail} onUpdate={(update) => setDetail((d) => update(d))} />;
}

const c = (n: number, extra: Partial<CommentView> = {}) => makeComment(uuid(n, 'c'), { content: `Comment ${n}`, ...extra });

/** 1 → 2 → 3, then 4 at the top; 9 replies to a comment that is not in the list. */
const THREAD = [
  c(1),
  c(2, { parentId: uuid(1, 'c'), level: 1 }),
  c(3, { parentId: uuid(2, 'c'), level: 2 }),
  c(9, { parentId: uuid(8, 'c'), level: 1, content: 'An orphaned reply' }),
  c(4, { author: me }),
];

const commentOf = (text: string) => screen.getByText(text).closest('li')!;

describe('CommentThread', () => {
  it('nests replies by level and hides replies whose parent is missing', () => {
    renderContent(<Harness initial={makeDetail({ post: makePost({ commentCount: 5 }), comments: THREAD })} />);
    expect(screen.getByRole('heading', { name: 'Comments (5)' })).toBeTruthy();
    expect(screen.queryByText('An orphaned reply')).toBeNull();
    const top = screen.getByRole('list', { name: 'Comments' });
    expect(Array.from(top.children).map((li) => li.getAttribute('data-level'))).toEqual(['0', '0']);
    const replies = within(commentOf('Comment 1')).getAllByRole('list', { name: 'Replies to Mary-Jane Moss' })[0]!;
    expect(Array.from(replies.children).map((li) => li.getAttribute('data-level'))).toEqual(['1']);
    expect(within(replies).getByText('Comment 2')).toBeTruthy();
    expect(commentOf('Comment 3').getAttribute('data-level')).toBe('2');
    // Comment 3 sits inside comment 2's replies, inside comment 1's.
    expect(commentOf('Comment 2').contains(screen.getByText('Comment 3'))).toBe(true);
  });

  it('posts a reply one level below its parent and shows it nested there', async () => {
    const reply = c(5, { parentId: uuid(2, 'c'), level: 2, author: me, content: 'Mine roots in water too' });
    const api = serve({ 'POST /api/iam/posts/comment/new': () => success({ comment: reply, commentCount: 6 }, 201) });
    renderContent(<Harness initial={makeDetail({ post: makePost({ commentCount: 5 }), comments: THREAD })} />);
    fireEvent.click(within(commentOf('Comment 2')).getAllByRole('button', { name: 'Reply to Mary-Jane Moss' })[0]!);
    const box = screen.getByLabelText('Reply to Mary-Jane Moss');
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: '  Mine roots in water too ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByText('Mine roots in water too');
    const body = api.to('POST /api/iam/posts/comment/new')[0]!.body!;
    expect(body).toMatchObject({ post_id: uuid(1), content: 'Mine roots in water too', parent_id: uuid(2, 'c'), level: 2, csrf_token: 'csrf-123' });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(commentOf('Mine roots in water too').getAttribute('data-level')).toBe('2');
    expect(commentOf('Comment 2').contains(screen.getByText('Mine roots in water too'))).toBe(true);
    // Thread order: after comment 3 (the parent's earlier reply), before comment 4.
    const texts = Array.from(document.querySelectorAll('li[data-level] > article p.whitespace-pre-line')).map((p) => p.textContent);
    expect(texts).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Mine roots in water too', 'Comment 4']);
    expect(screen.getByRole('heading', { name: 'Comments (6)' })).toBeTruthy();
    expect(screen.queryByLabelText('Reply to Mary-Jane Moss')).toBeNull();
  });

  it('posts a top-level comment at level 0 and refuses an empty one', async () => {
    const api = serve({ 'POST /api/iam/posts/comment/new': () => success({ comment: c(6, { author: me, content: 'Lovely!' }), commentCount: 1 }, 201) });
    renderContent(<Harness initial={makeDetail()} />);
    expect(screen.getByText('No comments yet. Start the conversation.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(screen.getByText('Comment is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Comment on this post'), { target: { value: 'Lovely!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await screen.findByText('Lovely!');
    expect(api.calls[0]!.body).toMatchObject({ post_id: uuid(1), content: 'Lovely!', level: 0 });
    expect(api.calls[0]!.body).not.toHaveProperty('parent_id');
    expect((screen.getByLabelText('Comment on this post') as HTMLTextAreaElement).value).toBe('');
  });

  it('offers no reply at the deepest level', () => {
    const chain = Array.from({ length: MAX_COMMENT_LEVEL + 1 }, (_, level) =>
      c(level + 1, { level, parentId: level === 0 ? null : uuid(level, 'c'), author: { uuid: uuid(level, '7'), username: `grower_${level}`, name: `Grower ${level}`, avatar: null } }),
    );
    renderContent(<Harness initial={makeDetail({ comments: chain })} />);
    expect(commentOf(`Comment ${MAX_COMMENT_LEVEL + 1}`).getAttribute('data-level')).toBe(String(MAX_COMMENT_LEVEL));
    expect(screen.queryByRole('button', { name: `Reply to Grower ${MAX_COMMENT_LEVEL}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Reply to Grower ${MAX_COMMENT_LEVEL - 1}` })).toBeTruthy();
  });

  it('deletes the member\'s own comment with its replies, after a confirmation that says so', async () => {
    const own = [c(1, { author: me }), c(2, { parentId: uuid(1, 'c'), level: 1 }), c(3, { parentId: uuid(2, 'c'), level: 2 }), c(4)];
    const api = serve({ 'DELETE /api/iam/posts/comment': () => success({ deleted: 3, commentCount: 1 }) });
    renderContent(<Harness initial={makeDetail({ post: makePost({ commentCount: 4 }), comments: own })} />);
    // Only the member's own comment can be deleted.
    expect(screen.getAllByRole('button', { name: 'Delete your comment' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete your comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your comment?' });
    expect(dialog.textContent).toContain('Its 2 replies go too.');
    expect(api.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('Comment 1')).toBeNull());
    expect(screen.queryByText('Comment 2')).toBeNull();
    expect(screen.queryByText('Comment 3')).toBeNull();
    expect(screen.getByText('Comment 4')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    expect(api.calls[0]!.body).toEqual({ id: uuid(1, 'c'), uuid: MEMBER_ID, csrf_token: 'csrf-123' });
  });

  it('likes a comment by its comment_id', async () => {
    const api = serve({
      'POST /api/iam/posts/reaction/new': () => success({ reaction: { id: `c.${uuid(1, 'c')}.${MEMBER_ID}`, postId: uuid(1), commentId: uuid(1, 'c'), reactionCount: 1 } }, 201),
    });
    renderContent(<Harness initial={makeDetail({ comments: [c(1)] })} />);
    fireEvent.click(screen.getByRole('button', { name: /^Like this comment, 0 likes/ }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({ comment_id: uuid(1, 'c'), csrf_token: 'csrf-123' });
    expect(screen.getByRole('button', { name: /^Like this comment, 1 like/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows guests the conversation with a prompt to sign in, and nothing to write in', () => {
    renderContent(<Harness initial={makeDetail({ comments: THREAD })} />, { auth: AUTH.guest, path: `/post/${uuid(1)}` });
    expect(screen.getByText('Comment 1')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(`/post/${uuid(1)}`)}`);
    expect(screen.getByRole('link', { name: 'create an account' }).getAttribute('href')).toBe('/auth/signup');
  });
});
