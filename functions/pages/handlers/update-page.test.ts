import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forbidden } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Session } from '../../lib/session/token';

vi.mock('../pages', () => ({ actOnPage: vi.fn(), pageViewOf: vi.fn() }));
vi.mock('../write', () => ({ changePage: vi.fn() }));
const { actOnPage } = await import('../pages');
const { changePage } = await import('../write');
const { main } = await import('./update-page');

const session = { userId: 'u-1' } as Session;
const input = { pageId: '1b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', name: 'Fern Friends' } as Parameters<typeof main>[0]['input'];
const ctx = { input, session, event: {} as APIGatewayProxyEventV2, clientIp: '127.0.0.1' };

describe('PUT /api/iam/pages/update (handler)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it("logs 'page update error' with the user and page when the change fails, and fails", async () => {
    vi.mocked(actOnPage).mockResolvedValueOnce({ page: {}, actor: {} } as Awaited<ReturnType<typeof actOnPage>>);
    vi.mocked(changePage).mockRejectedValueOnce(new Error('table unreachable'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(main(ctx)).rejects.toThrow('table unreachable');
    expect(logged).toHaveBeenCalledWith('page update error', expect.objectContaining({ userId: 'u-1', pageId: input.pageId, error: expect.any(Error) }));
  });

  it('logs nothing when the caller may not change the page', async () => {
    vi.mocked(actOnPage).mockRejectedValueOnce(forbidden('Only the page\'s admins may change it'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(main(ctx)).rejects.toMatchObject({ status: 403 });
    expect(logged).not.toHaveBeenCalled();
    expect(changePage).not.toHaveBeenCalled();
  });
});
