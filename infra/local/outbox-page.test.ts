import { describe, expect, it } from 'vitest';
import { renderOutbox } from './outbox-page';

describe('the local outbox page', () => {
  it('shows a mail\'s headers, escaped, and none for a text message', () => {
    const html = renderOutbox([
      { channel: 'email', to: 'a@example.com', subject: 'New messages', text: 'Hello', sentAt: '2026-11-27T10:00:00.000Z', headers: { 'List-Unsubscribe': '<https://plants.example/api/unsubscribe/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      { channel: 'sms', to: '+61400000000', text: 'Your code', sentAt: '2026-11-27T10:01:00.000Z' },
    ]);
    expect(html).toContain('List-Unsubscribe: &lt;https://plants.example/api/unsubscribe/t&gt;\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(html.match(/List-Unsubscribe:/g)).toHaveLength(1);
  });
});
