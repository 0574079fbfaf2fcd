import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailer } from './mailer';

describe('mailer', () => {
  it('writes to the outbox when OUTBOX_DIR is set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    await mailer({ OUTBOX_DIR: dir }).send({ to: 'a@example.com', subject: 'Hi', text: 'Body' });
    const [line] = readFileSync(join(dir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(line!)).toMatchObject({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'Body' });
  });

  it('sends through SES v2 from MAIL_FROM in the cloud (SES cannot run here, so it is mocked)', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await mailer({ MAIL_FROM: 'noreply@example.com' }).send({ to: 'b@example.com', subject: 'S', text: 'T' });
    const sent = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(sent).toMatchObject({
      FromEmailAddress: 'noreply@example.com',
      Destination: { ToAddresses: ['b@example.com'] },
      Content: { Simple: { Subject: { Data: 'S' }, Body: { Text: { Data: 'T' } } } },
    });
    ses.restore();
  });

  it('passes a mail\'s headers to SES as its Simple content\'s Headers', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const headers = { 'List-Unsubscribe': '<https://plants.example/api/unsubscribe/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await mailer({ MAIL_FROM: 'noreply@example.com' }).send({ to: 'b@example.com', subject: 'S', text: 'T', headers });
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://plants.example/api/unsubscribe/t>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    ses.restore();
  });

  it('refuses to run unconfigured rather than dropping mail silently', () => {
    expect(() => mailer({})).toThrow(/no mailer configured/);
  });
});
