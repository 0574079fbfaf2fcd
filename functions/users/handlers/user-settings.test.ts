import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../lib/logger';
import type { Session } from '../../lib/session/token';

vi.mock('../settings-store', () => ({ readSettings: vi.fn() }));
const { readSettings } = await import('../settings-store');
const { main } = await import('./user-settings');

const session = { userId: 'u-1' } as Session;
const ctx = { input: {}, session, event: {} as APIGatewayProxyEventV2, clientIp: '127.0.0.1' };

describe('GET /api/iam/users/user-settings (handler)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'Could not load user settings' and answers 503 when the read fails", async () => {
    vi.mocked(readSettings).mockRejectedValueOnce(new Error('table unreachable'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(main(ctx)).rejects.toMatchObject({ status: 503 });
    expect(logged).toHaveBeenCalledWith('Could not load user settings', expect.objectContaining({ userId: 'u-1' }));
  });
});
