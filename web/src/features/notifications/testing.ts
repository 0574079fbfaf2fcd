/** Notifications as the API answers them, for the component tests of the bell and the notifications screen. */
import type { NotificationView } from '@shared/answers/notifications';

export const POST = '3b2f6a1e-8c4d-4e5f-9a6b-7c8d9e0f1a2b';
export const PLANT = '4c3a7b2f-9d5e-4f60-8b7c-8d9e0f1a2b3c';
export const ACTOR = '11111111-1111-4111-8111-111111111111';

let seq = 0;

/** An unseen reaction to POST by ACTOR five minutes ago, with a fresh id (ids sort by creation), changed by `overrides`. */
export function notif(overrides: Partial<NotificationView>): NotificationView {
  seq += 1;
  return {
    id: `17171717171${String(seq).padStart(2, '0')}-00000000-0000-4000-8000-0000000000${String(seq).padStart(2, '0')}`,
    kind: 'reaction',
    actorId: ACTOR,
    actor: { uuid: ACTOR, username: 'rosa_canina', name: 'Rosa Canina', avatar: null },
    targetType: 'post',
    targetId: POST,
    text: null,
    seen: false,
    immutable: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
