/** The conversation view: sending (pending, sent, failed and retried with the same id), live frames, drafts, and a conversation that starts on the other side. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationAnswer, MessageView, Party } from '@shared/answers/messages';
import type { ServerFrame } from '@shared/realtime';
import { authStore } from '@/lib/auth/auth-store';
import { createTallyTracker } from '@/lib/live/tally';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve, type Handler } from '@/testing/serve';
import { LiveContext, type Live } from '@/lib/live/live';
import type { Realtime } from '@/lib/live/realtime';
import { ConversationView } from './conversation-view';

const ME: Party = { type: 'user', id: '6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11', handle: 'fern_fan', name: 'Fern Gully', avatar: null };
const OTHER: Party = { type: 'user', id: '11111111-2222-4333-8444-555555555555', handle: 'ivy_climbs', name: 'Ivy Green', avatar: null };
const CONV = '99999999-8888-4777-8666-555555555555';
const path = `/api/iam/messages/conversation/${ME.id}/${OTHER.id}`;

function message(over: Partial<MessageView>): MessageView {
  return { id: crypto.randomUUID(), conversationId: CONV, content: 'hello', senderId: OTHER.id, asPageId: null, createdAt: new Date().toISOString(), ...over };
}

function answer(messages: MessageView[]): ConversationAnswer {
  return {
    conversation: { id: CONV, convType: 'user-to-user', me: ME, with: OTHER, lastMessageAt: new Date().toISOString(), lastPreview: null, lastSenderId: null, unread: 0, muted: false },
    messages,
    cursorId: null,
  };
}

/** A Live whose socket is a hand-driven stand-in: `emit` delivers a frame as the socket would. */
function testLive() {
  const listeners = new Set<(f: ServerFrame) => void>();
  const realtime = {
    start: () => undefined, stop: () => undefined, status: () => 'open', live: () => true,
    subscribe: (l: (f: ServerFrame) => void) => (listeners.add(l), () => listeners.delete(l)),
    onStatus: () => () => undefined, onReconnect: () => () => undefined,
  } as unknown as Realtime;
  const live: Live = { realtime, notifications: createTallyTracker({ load: async () => 0 }), messages: createTallyTracker({ load: async () => 0 }) };
  return { live, emit: (f: ServerFrame) => act(() => listeners.forEach((l) => l(f))) };
}

function show(routes: Record<string, Handler>, live = testLive().live) {
  const api = serve({ 'PUT /api/messages/mark-as-seen': () => success({ unreadMsgsTally: 0 }), ...routes });
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <LiveContext.Provider value={live}>
        <MemoryRouter>
          <ConversationView viewer={ME.id} a={ME.id} b={OTHER.id} me={ME} other={OTHER} start={async () => CONV} />
        </MemoryRouter>
      </LiveContext.Provider>
    </QueryClientProvider>,
  );
  return { api, view };
}

const composer = () => screen.getByRole('textbox', { name: /Write a message to Ivy Green/ });

beforeEach(() => {
  authStore.set({ loggedIn: true, user: makeUser() });
  sessionStorage.clear();
});
afterEach(() => authStore.reset());

describe('conversation view', () => {
  it('shows a message an admin hid as a placeholder for both sides, and a live hide replaces one shown', async () => {
    const { live, emit } = testLive();
    const hidden = message({ content: '', hidden: true });
    const shown = message({ content: 'Buy cheap followers here', createdAt: new Date(Date.now() - 1000).toISOString() });
    show({ [`GET ${path}`]: () => success(answer([hidden, shown])) }, live);
    await screen.findByText('Buy cheap followers here');
    const placeholder = screen.getByText('Hidden by an admin').closest('li')!;
    // Nothing to report on a placeholder.
    expect(within(placeholder).queryByRole('button', { name: /^Report/ })).toBeNull();
    emit({ type: 'message', data: { conversationId: CONV, message: { id: shown.id, content: '', senderId: OTHER.id, createdAt: shown.createdAt, hidden: true } } });
    await waitFor(() => expect(screen.queryByText('Buy cheap followers here')).toBeNull());
    expect(screen.getAllByText('Hidden by an admin')).toHaveLength(2);
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });

  it('offers Report under the other side\'s messages only, and sends the report about that message', async () => {
    const theirs = message({ content: 'Buy cheap followers here' });
    const { api } = show({
      [`GET ${path}`]: () => success(answer([theirs, message({ content: 'No thanks', senderId: ME.id })])),
      'POST /api/iam/reports/new': () => success({ caseId: 'c1', filed: true }, 201),
    });
    await screen.findByText('No thanks');
    // Named for the message it reports, so each of several is told apart.
    expect(screen.getAllByRole('button', { name: /^Report the message/ })).toHaveLength(1);
    const row = screen.getByText('Buy cheap followers here').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Report the message “Buy cheap followers here” sent at / }));
    expect(await screen.findByRole('dialog', { name: 'Report this message?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Reported' })).toBeTruthy();
    expect(api.to('POST /api/iam/reports/new')[0]!.body).toMatchObject({ target: { type: 'message', id: theirs.id } });
  });

  it('shows a message as sending, then sent; a failed send is retried with the same id', async () => {
    let fail = true;
    const { api } = show({
      [`GET ${path}`]: () => success(answer([message({ content: 'Is the monstera rooted?' })])),
      'POST /api/iam/messages/new': (call) => {
        if (fail) return failure(503, 'unavailable', 'Busy; try again shortly');
        const body = call.body as { id: string; content: string };
        return success({ message: message({ id: body.id, content: body.content, senderId: ME.id }) }, 201);
      },
    });
    await screen.findByText('Is the monstera rooted?');
    fireEvent.change(composer(), { target: { value: 'Yes, since last week.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const pending = await screen.findByTestId('pending-message');
    expect(within(pending).getByText('Yes, since last week.')).toBeTruthy();
    await within(pending).findByText(/Not sent/);
    fail = false;
    fireEvent.click(within(pending).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual([expect.stringContaining('Is the monstera rooted?'), expect.stringContaining('Yes, since last week.')]);
    const sends = api.to('POST /api/iam/messages/new');
    expect(sends).toHaveLength(2);
    expect(sends[0]!.body!.id).toBe(sends[1]!.body!.id);
    expect(sends[1]!.body).toMatchObject({ conversation_id: CONV, content: 'Yes, since last week.' });
    // The composer is empty again, and so is the saved draft.
    expect((composer() as HTMLTextAreaElement).value).toBe('');
  });

  it('adds a message from a frame once, and its own echo replaces the "Sending…" bubble', async () => {
    const { live, emit } = testLive();
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    show(
      {
        [`GET ${path}`]: () => success(answer([])),
        'POST /api/iam/messages/new': async (call) => {
          await gate;
          const body = call.body as { id: string; content: string };
          return success({ message: message({ id: body.id, content: body.content, senderId: ME.id }) }, 201);
        },
      },
      live,
    );
    await screen.findByText(/No messages yet/);
    const incoming = message({ content: 'Are you around on Saturday?' });
    emit({ type: 'message', data: { conversationId: CONV, message: { id: incoming.id, content: incoming.content, senderId: OTHER.id, createdAt: incoming.createdAt } } });
    emit({ type: 'message', data: { conversationId: CONV, message: { id: incoming.id, content: incoming.content, senderId: OTHER.id, createdAt: incoming.createdAt } } });
    await screen.findByText('Are you around on Saturday?');
    expect(screen.getAllByTestId('message')).toHaveLength(1);

    fireEvent.change(composer(), { target: { value: 'I am!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByTestId('pending-message');
    // The frame of the sent message comes before the answer (the server fans out on commit).
    const sentId = await waitFor(() => {
      const id = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls
        .filter(([url, init]) => url.endsWith('/api/iam/messages/new') && init.method === 'POST')
        .map(([, init]) => (JSON.parse(init.body as string) as { id: string }).id)[0];
      expect(id).toBeDefined();
      return id!;
    });
    emit({ type: 'message', data: { conversationId: CONV, message: { id: sentId, content: 'I am!', senderId: ME.id, createdAt: new Date().toISOString() } } });
    await waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
    release();
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
  });

  it('reads a conversation that started on the other side when its first frame arrives', async () => {
    const { live, emit } = testLive();
    let exists = false;
    const first = message({ content: 'Hello from Ivy' });
    show({ [`GET ${path}`]: () => (exists ? success(answer([first])) : failure(404, 'not_found', 'There is no such conversation')) }, live);
    await screen.findByText(/No messages yet/);
    exists = true;
    emit({ type: 'message', data: { conversationId: CONV, message: { id: first.id, content: first.content, senderId: OTHER.id, createdAt: first.createdAt } } });
    await screen.findByText('Hello from Ivy');
  });

  it('keeps a draft per conversation across a remount', async () => {
    const { view } = show({ [`GET ${path}`]: () => success(answer([])) });
    await screen.findByText(/No messages yet/);
    fireEvent.change(composer(), { target: { value: 'half a thought' } });
    view.unmount();
    show({ [`GET ${path}`]: () => success(answer([])) });
    await screen.findByText(/No messages yet/);
    expect((composer() as HTMLTextAreaElement).value).toBe('half a thought');
  });

  it('the scrolling list of messages is a named region the keyboard reaches, holding the messages', async () => {
    show({ [`GET ${path}`]: () => success(answer([message({ content: 'Is the monstera rooted?' })])) });
    const pane = await screen.findByRole('region', { name: 'Messages with Ivy Green' });
    expect(pane.tabIndex).toBe(0);
    expect(await within(pane).findByText('Is the monstera rooted?')).toBeTruthy();
    pane.focus();
    expect(document.activeElement).toBe(pane);
  });
});
