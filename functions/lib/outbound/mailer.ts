/**
 * Sending e-mail: one interface, two implementations chosen by configuration — SES v2 in the
 * cloud (MAIL_FROM set), the local outbox when OUTBOX_DIR is set.
 */
import { appendToOutbox } from './outbox';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); the outbox shows them as an object. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

export function outboxMailer(dir: string): Mailer {
  return { send: (email) => appendToOutbox(dir, { channel: 'email', ...email }) };
}

export function sesMailer(from: string): Mailer {
  return {
    async send(email) {
      const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
      await new SESv2Client({}).send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [email.to] },
          Content: {
            Simple: {
              Subject: { Data: email.subject },
              Body: { Text: { Data: email.text } },
              ...(email.headers ? { Headers: Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
            },
          },
        }),
      );
    },
  };
}

export function mailer(env: NodeJS.ProcessEnv = process.env): Mailer {
  if (env.OUTBOX_DIR) return outboxMailer(env.OUTBOX_DIR);
  if (env.MAIL_FROM) return sesMailer(env.MAIL_FROM);
  throw new Error('no mailer configured: set OUTBOX_DIR (local) or MAIL_FROM (SES)');
}
