/** Sending text messages: SNS in the cloud, the local outbox when OUTBOX_DIR is set. */
import { appendToOutbox } from './outbox';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export function outboxSms(dir: string): SmsSender {
  return { send: (to, text) => appendToOutbox(dir, { channel: 'sms', to, text }) };
}

export function snsSms(): SmsSender {
  return {
    async send(to, text) {
      const { SNSClient, PublishCommand } = await import('@aws-sdk/client-sns');
      await new SNSClient({}).send(
        new PublishCommand({
          PhoneNumber: to,
          Message: text,
          MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
        }),
      );
    },
  };
}

export function smsSender(env: NodeJS.ProcessEnv = process.env): SmsSender {
  if (env.OUTBOX_DIR) return outboxSms(env.OUTBOX_DIR);
  return snsSms();
}
