import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportCaseView } from '@shared/answers/reports';
import { createQueryClient } from '@/lib/query-client';
import { adminOverviewQueryKey } from '@/lib/reports';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { ReportQueue } from './report-queue';

const openCase: ReportCaseView = {
  id: 'case-1', state: 'open', target: { type: 'post', id: 'p1' },
  preview: { text: 'Buy followers', photo: null, author: { id: 'u1', handle: 'spammer', name: 'Sam Spam' }, link: '/post/p1', state: 'live' },
  reporterCount: 2, reasons: { spam: 2, abuse: 0, unsafe: 0, other: 0 }, texts: [{ reason: 'spam', text: 'An advert', at: '2026-11-01T00:00:00.000Z' }],
  openedAt: '2026-11-01T00:00:00.000Z', lastReportAt: '2026-11-01T00:00:00.000Z', closedAt: null, closedBy: null, action: null, note: null, replyTo: null,
};

function show(queryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReportQueue />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the moderation queue', () => {
  it('shows the content in place and hides it after a note and a confirmation', async () => {
    const api = serve({
      'GET /api/iam/admin/reports/open': () => success({ reports: [openCase], cursorId: null }),
      'PUT /api/iam/admin/reports/case-1': () => success({ ...openCase, state: 'closed', action: 'hide-content' }),
    });
    // The overview's open-reports count, as the dashboard left it in the cache.
    const queryClient = createQueryClient();
    queryClient.setQueryData(adminOverviewQueryKey, { posts: 10, plants: 2, openReports: 1, members: 5, pages: 1, events: 0 });
    show(queryClient);
    const card = await screen.findByRole('article', { name: 'Post report' });
    expect(within(card).getByText('Buy followers')).toBeTruthy();
    expect(within(card).getByText(/2 reports \(spam 2\)/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Sam Spam' }).getAttribute('href')).toBe('/spammer');
    fireEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this content?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: 'Advertising' } });
    expect(api.to('PUT /api/iam/admin/reports/case-1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Hidden.')).toBeTruthy();
    expect(api.to('PUT /api/iam/admin/reports/case-1')[0]!.body).toMatchObject({ action: 'hide-content', note: 'Advertising' });
    // The count is read again when the dashboard shows it next.
    expect(queryClient.getQueryState(adminOverviewQueryKey)?.isInvalidated).toBe(true);
  });

  it('offers Hide for a message, a page and an event, and not for a member', async () => {
    const kinds = [['message', 'Message report'], ['user', 'Member report'], ['page', 'Page report'], ['event', 'Event report']] as const;
    serve({
      'GET /api/iam/admin/reports/open': () => success({ reports: kinds.map(([type], i) => ({ ...openCase, id: `case-${i}`, target: { type, id: `t${i}` } })), cursorId: null }),
    });
    show();
    const [message, member, page, event] = await Promise.all(kinds.map(([, name]) => screen.findByRole('article', { name })));
    for (const card of [message!, page!, event!]) expect(within(card).getByRole('button', { name: 'Hide' })).toBeTruthy();
    expect(within(member!).queryByRole('button', { name: 'Hide' })).toBeNull();
  });

  it('says when there is nothing to do', async () => {
    serve({ 'GET /api/iam/admin/reports/open': () => success({ reports: [], cursorId: null }) });
    show();
    expect(await screen.findByText('No open reports. All clear.')).toBeTruthy();
  });

  it('offers to answer a contact form by e-mail, with its subject', async () => {
    const contact: ReportCaseView = {
      ...openCase, id: 'case-2', target: { type: 'contact', id: 'f1' },
      preview: { text: 'Lost my password\n\nI cannot sign in.', photo: null, author: { id: 'u2', handle: 'fern', name: 'Fern Gully' }, link: null, state: 'live' },
      reporterCount: 1, reasons: { spam: 0, abuse: 0, unsafe: 0, other: 1 }, texts: [], replyTo: 'fern@example.org',
    };
    serve({ 'GET /api/iam/admin/reports/open': () => success({ reports: [contact, { ...contact, id: 'case-3', replyTo: null }], cursorId: null }) });
    show();
    const [first, second] = await screen.findAllByRole('article', { name: 'Contact form report' });
    const reply = within(first!).getByRole('link', { name: 'Reply by e-mail' });
    expect(reply.getAttribute('href')).toBe(`mailto:fern@example.org?subject=${encodeURIComponent('Re: Lost my password')}`);
    // A former member's form (no address): nothing to reply to.
    expect(within(second!).queryByRole('link', { name: 'Reply by e-mail' })).toBeNull();
  });
});
