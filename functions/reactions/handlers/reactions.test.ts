import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Session } from '../../lib/session/token';

vi.mock('../reactions', () => ({ react: vi.fn(), unreact: vi.fn() }));
vi.mock('../../lib/rate-limit', () => ({ hitRateLimit: vi.fn(async () => undefined) }));
vi.mock('../../lib/session/viewer', () => ({ viewerOf: vi.fn(async (s: Session) => ({ userId: s.userId })) }));
const { react, unreact } = await import('../reactions');
const newReaction = (await import('./new-reaction')).main;
const deleteReaction = (await import('./delete-reaction')).main;

const session = { userId: 'u-1' } as Session;
const base = { session, event: {} as APIGatewayProxyEventV2, clientIp: '127.0.0.1' };
const POST = '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10';

describe('reactions (handlers)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'reaction or delete error' when reacting fails, with the user and post", async () => {
    vi.mocked(react).mockRejectedValueOnce(new Error('transaction cancelled'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(newReaction({ ...base, input: { post_id: POST } as Parameters<typeof newReaction>[0]['input'] })).rejects.toThrow('transaction cancelled');
    expect(logged).toHaveBeenCalledWith('reaction or delete error', expect.objectContaining({ userId: 'u-1', postId: POST, error: expect.any(Error) }));
  });

  it("logs 'reaction or delete error' when undoing a reaction fails, with the user and reaction", async () => {
    vi.mocked(unreact).mockRejectedValueOnce(new Error('table unreachable'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(deleteReaction({ ...base, input: { id: 'r-1' } as Parameters<typeof deleteReaction>[0]['input'] })).rejects.toThrow('table unreachable');
    expect(logged).toHaveBeenCalledWith('reaction or delete error', expect.objectContaining({ userId: 'u-1', reactionId: 'r-1', error: expect.any(Error) }));
  });

  it('logs nothing for a reaction to a post that is not there', async () => {
    vi.mocked(react).mockRejectedValueOnce(notFound('No such post'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(newReaction({ ...base, input: { post_id: POST } as Parameters<typeof newReaction>[0]['input'] })).rejects.toMatchObject({ status: 404 });
    expect(logged).not.toHaveBeenCalled();
  });
});
