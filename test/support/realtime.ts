/**
 * Waiting for the local host's socket frames without waiting a while. The host fans a write out
 * to sockets after the write has answered (as the table's stream does in the cloud), so a test
 * that must show a socket received nothing asks the host when every fan-out begun so far has
 * finished; after that, a frame the socket was sent is already on its one connection, ahead of
 * anything the host sends it later (a pong, say).
 */
import { expect, inject } from 'vitest';

/** Resolves once every fan-out and socket close that the writes so far set off has finished (bounded by the host: 15 s). */
export async function fanOutSettled(): Promise<void> {
  const res = await fetch(`${inject('hostControlUrl')}/realtime-settled`);
  expect(res.status, 'the host\'s fan-outs still under way after 15 s').toBe(204);
}
