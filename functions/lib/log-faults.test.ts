import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataBusyError } from '../db/errors';
import { badRequest } from './errors';
import { logFaults } from './log-faults';
import { logger } from './logger';

describe('logFaults', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('answers what the work answers, and logs nothing', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(logFaults('page update error', { pageId: 'p-1' }, async () => 42)).resolves.toBe(42);
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs a fault with its message, fields and error, then rethrows it', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const fault = new Error('table unreachable');
    await expect(logFaults('page update error', { pageId: 'p-1', userId: 'u-1' }, async () => { throw fault; })).rejects.toBe(fault);
    expect(logged).toHaveBeenCalledWith('page update error', { pageId: 'p-1', userId: 'u-1', error: fault });
  });

  it('leaves refusals (4xx) and a busy table (503) unlogged', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(logFaults('create event error', {}, async () => { throw badRequest('title is required', 'title'); })).rejects.toMatchObject({ status: 400 });
    await expect(logFaults('create event error', {}, async () => { throw new DataBusyError(); })).rejects.toBeInstanceOf(DataBusyError);
    expect(logged).not.toHaveBeenCalled();
  });

  it('writes the line as JSON with the message and the error', async () => {
    // Test files share a worker here: another may have quietened the logger.
    vi.stubEnv('LOG_LEVEL', 'INFO');
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    await expect(logFaults('reaction or delete error', { postId: 'p-9' }, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'ERROR', message: 'reaction or delete error', postId: 'p-9', error: expect.objectContaining({ name: 'Error', message: 'boom' }) }),
    ]);
  });
});
