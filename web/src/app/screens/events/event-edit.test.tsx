import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeDate, makeEvent } from '@/features/events/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { FakeXHR } from '@/features/compose/testing';
import { serve } from '@/testing/serve';

const soon = makeDate({ startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
const COVER = 'images/events/11111111-2222-4333-8444-555555555555/0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10.png';

describe('/event/:randomId/edit', () => {
  it('changes the tags with the details', async () => {
    const event = makeEvent({ canEdit: true, tags: ['swap', 'ferns'], specifics: [soon] });
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event }),
      'PUT /api/iam/events/update': () => success({ event: { ...event, tags: ['ferns'] } }),
    });
    renderRoute('/event/Ab3dE5gH7k/edit', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Edit “Cutting swap”' });
    const details = screen.getByRole('form', { name: 'Details' });
    fireEvent.click(within(details).getByRole('button', { name: 'Remove tag swap' }));
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.to('PUT /api/iam/events/update')).toHaveLength(1));
    expect(api.to('PUT /api/iam/events/update')[0]!.body).toMatchObject({ eventId: event.id, tags: ['ferns'] });
  });

  it('uploads a cover with its progress and saves it on the event, then removes it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      FakeXHR.all = [];
      vi.unstubAllGlobals();
    });
    const event = makeEvent({ canEdit: true, specifics: [soon] });
    let saved: string | null = null;
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event: { ...event, cover: saved } }),
      'POST /api/iam/events/image-upload': () => success({ url: 'http://localhost:4569/images/x?sig=1', key: COVER, headers: { 'content-type': 'image/png' }, expires_in: 300 }),
      'PUT /api/iam/events/update': (req) => {
        saved = (req.body as { cover: string | null }).cover;
        return success({ event: { ...event, cover: saved } });
      },
    });
    renderRoute('/event/Ab3dE5gH7k/edit', { auth: AUTH.member });
    const section = await screen.findByRole('region', { name: 'Cover photo' });
    fireEvent.change(within(section).getByLabelText(/Add one/), { target: { files: [new File([new Uint8Array(2048)], 'c.png', { type: 'image/png' })] } });
    await waitFor(() => expect(FakeXHR.all.at(-1)?.body).toBeTruthy());
    expect(api.to('POST /api/iam/events/image-upload')[0]!.body).toMatchObject({ eventId: event.id, contentType: 'image/png', size: 2048 });
    const xhr = FakeXHR.all.at(-1)!;
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 }));
    expect((within(section).getByRole('progressbar') as HTMLProgressElement).value).toBe(50);
    act(() => {
      xhr.status = 200;
      xhr.onload?.();
    });
    await waitFor(() => expect(api.to('PUT /api/iam/events/update')).toHaveLength(1));
    expect(api.to('PUT /api/iam/events/update')[0]!.body).toMatchObject({ eventId: event.id, cover: COVER });
    expect((await within(section).findByRole('img', { name: 'The event\'s cover photo' })).getAttribute('src')).toBe(`/${COVER}`);
    fireEvent.click(within(section).getByRole('button', { name: 'Remove the cover photo' }));
    await waitFor(() => expect(api.to('PUT /api/iam/events/update')).toHaveLength(2));
    expect(api.to('PUT /api/iam/events/update')[1]!.body).toMatchObject({ eventId: event.id, cover: null });
    await waitFor(() => expect(within(section).queryByRole('img')).toBeNull());
  });
});
