import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forbidden } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Session } from '../../lib/session/token';

vi.mock('../creation', () => ({ createEvent: vi.fn() }));
const { createEvent } = await import('../creation');
const { main } = await import('./new-event');

const session = { userId: 'u-1' } as Session;
const input = { id: '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', pageId: '1b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10' } as Parameters<typeof main>[0]['input'];
const ctx = { input, session, event: {} as APIGatewayProxyEventV2, clientIp: '127.0.0.1' };

describe('POST /api/iam/events/new (handler)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'create event error' with the user, event and page when creating fails, and fails", async () => {
    vi.mocked(createEvent).mockRejectedValueOnce(new Error('transaction cancelled'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(main(ctx)).rejects.toThrow('transaction cancelled');
    expect(logged).toHaveBeenCalledWith('create event error', expect.objectContaining({ userId: 'u-1', eventId: input.id, pageId: input.pageId, error: expect.any(Error) }));
  });

  it('logs nothing for a refusal', async () => {
    vi.mocked(createEvent).mockRejectedValueOnce(forbidden('Only the page\'s staff may add its events'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(main(ctx)).rejects.toMatchObject({ status: 403 });
    expect(logged).not.toHaveBeenCalled();
  });
});
