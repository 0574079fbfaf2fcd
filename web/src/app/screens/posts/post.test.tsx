import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeComment, makeDetail, makePost, MEMBER_ID, mine, responder, uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ID = uuid(1);

describe('/post/:randomId', () => {
  it('shows the post in full with its comments and responders, for guests too', async () => {
    const api = serve({
      [`GET /api/post/${ID}`]: () =>
        success(
          makeDetail({
            post: makePost({ text: 'x'.repeat(900) + ' the end', commentCount: 1 }),
            comments: [makeComment(uuid(1, 'c'), { content: 'Gorgeous frond' })],
            responders: [responder(1, 'moss_lover'), responder(2, 'fern_fan')],
          }),
        ),
    });
    renderRoute(`/post/${ID}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Post by Mary-Jane Moss'));
    // The whole text: no "Read more" on the post's own page.
    expect(screen.getByText(/ the end$/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Read more/ })).toBeNull();
    expect(screen.getByText('Gorgeous frond')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    // The conversation's people are the comments' authors; the likes are listed apart.
    const people = screen.getByRole('region', { name: 'People in this conversation' });
    expect(within(people).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/moss_lover']);
    const likes = screen.getByRole('region', { name: 'Liked by' });
    expect(within(likes).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/moss_lover', '/fern_fan']);
    const comments = screen.getByRole('region', { name: 'Comments (1)' });
    expect(within(comments).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(comments).queryByRole('textbox')).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('/api/post/'))).toHaveLength(1);
  });

  it('loads a long thread page by page with "Show more comments"', async () => {
    const api = serve({
      [`GET /api/post/${ID}`]: (call) =>
        call.url.includes('commentsCursor=page2')
          ? success(makeDetail({ post: makePost({ commentCount: 2 }), comments: [makeComment(uuid(2, 'c'), { content: 'Second page comment' })], commentsCursor: null }))
          : success(makeDetail({ post: makePost({ commentCount: 2 }), comments: [makeComment(uuid(1, 'c'), { content: 'First page comment' })], commentsCursor: 'page2' })),
    });
    renderRoute(`/post/${ID}`, { auth: AUTH.guest });
    expect(await screen.findByText('First page comment')).toBeTruthy();
    expect(screen.queryByText('Second page comment')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await screen.findByText('Second page comment')).toBeTruthy();
    expect(screen.getByText('First page comment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
    expect(api.calls.map((c) => c.url).filter((u) => u.includes('/api/post/'))).toEqual([`/api/post/${ID}`, `/api/post/${ID}?commentsCursor=page2`]);
  });

  it('is the not-found page when the post does not exist or may not be seen', async () => {
    serve({ [`GET /api/post/${ID}`]: () => failure(404, 'not_found', 'Post not found') });
    renderRoute(`/post/${ID}`, { auth: AUTH.member });
    expect((await screen.findByRole('heading', { level: 1, name: /Page not found/ })).textContent).toBe('Page not found');
    expect(screen.getByText(`/post/${ID}`, { selector: 'code' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });

  it('does not ask the server about an address that cannot be a post', async () => {
    const api = serve({});
    renderRoute('/post/not-a-post', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/post/not-a-post', { selector: 'code' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/post'))).toHaveLength(0);
  });

  it('offers a retry when loading fails for another reason', async () => {
    let calls = 0;
    serve({ [`GET /api/post/${ID}`]: () => (++calls === 1 ? failure(403, 'forbidden', 'Slow down') : success(makeDetail())) });
    renderRoute(`/post/${ID}`, { auth: AUTH.member });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this post');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post by Mary-Jane Moss' })).toBeTruthy();
  });

  it('takes its owner to their profile after deleting it', async () => {
    const api = serve({
      [`GET /api/post/${ID}`]: () => success(makeDetail({ post: mine(makePost()) })),
      'DELETE /api/iam/posts': () => success({ deleted: true }),
    });
    const { router } = renderRoute(`/post/${ID}`, { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for this post' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.to('DELETE /api/iam/posts')[0]!.body).toMatchObject({ postId: ID, userId: MEMBER_ID });
    expect(await screen.findByText('Your post was deleted.')).toBeTruthy();
  });

  it('lists a like under "Liked by", not as conversation, and counts the member\'s own comment at once', async () => {
    const me = { uuid: MEMBER_ID, username: 'fern_fan', name: 'Fern Gully', avatar: null };
    const api = serve({
      [`GET /api/post/${ID}`]: () => success(makeDetail({ post: makePost({ commentCount: 0 }), comments: [], responders: [responder(2, 'moss_lover')] })),
      'POST /api/iam/posts/comment/new': () => success({ comment: makeComment(uuid(7, 'c'), { author: me, content: 'Lovely fronds' }), commentCount: 1 }, 201),
    });
    renderRoute(`/post/${ID}`, { auth: AUTH.member });
    const people = await screen.findByRole('region', { name: 'People in this conversation' });
    expect(people.textContent).toContain('Nobody has commented yet.');
    expect(within(screen.getByRole('region', { name: 'Liked by' })).getByRole('link', { name: /Moss Lover/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment on this post'), { target: { value: 'Lovely fronds' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'People in this conversation' })).getByRole('link', { name: /Fern Gully/ })).toBeTruthy());
    expect(screen.getByRole('region', { name: 'People in this conversation' }).textContent).not.toContain('Nobody has commented yet.');
    // From the thread as it now stands: the post was not read again.
    expect(api.calls.filter((c) => c.path.startsWith('/api/post/'))).toHaveLength(1);
  });
});
