/**
 * /support/contact: a signed-in member writes to the site's admins (the message lands in their
 * moderation queue). The limits come from the server; a guest is asked to sign in first.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { TextArea, TextField } from '@/components/form/fields';
import { describeFailure, failureMessage, formatWait } from '@/components/form/messages';
import { loginHref, paths } from '@/config/paths';
import { DocumentTitle } from '@/features/content/components/document-title';
import { formRules, formRulesKey, sendContact } from '@/features/support/api/contact';
import { useAuth } from '@/lib/auth/auth-store';
import { newClientId } from '@/lib/api';

const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';
const LABELS = { subject: 'Subject', message: 'Message' };

export default function ContactScreen() {
  const auth = useAuth();
  const location = useLocation();
  return (
    <article className="max-w-prose space-y-4">
      <DocumentTitle title="Contact the admins" />
      <h1 className="text-2xl font-semibold text-gray-900">Contact the admins</h1>
      {auth.loggedIn === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading" className="h-40 animate-pulse rounded-xl bg-gray-100" />
      ) : auth.loggedIn ? (
        <ContactForm />
      ) : (
        <p className="text-gray-800">
          <Link to={loginHref(location)} className={link}>
            Sign in
          </Link>{' '}
          to write to the site&apos;s admins: they answer members by e-mail.
        </p>
      )}
    </article>
  );
}

function ContactForm() {
  const rules = useQuery({ queryKey: formRulesKey, queryFn: ({ signal }) => formRules(signal) });
  const [id, setId] = useState(newClientId);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useMutation({ mutationFn: () => sendContact({ id, subject: subject.trim(), message: message.trim() }) });

  if (rules.isError) {
    return (
      <FormAlert message={failureMessage(rules.error)} title="Could not load the contact form">
        <Button className="mt-3" variant="secondary" onClick={() => void rules.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  if (!rules.data) return <div role="status" aria-busy="true" aria-label="Loading the contact form" className="h-40 animate-pulse rounded-xl bg-gray-100" />;
  if (send.isSuccess) {
    return (
      <div className="space-y-4">
        <Notice title="Sent">The admins have your message and will answer you by e-mail.</Notice>
        <Button
          variant="secondary"
          onClick={() => {
            setId(newClientId());
            setSubject('');
            setMessage('');
            send.reset();
            void rules.refetch();
          }}
        >
          Write another
        </Button>
      </div>
    );
  }
  const limits = rules.data.kinds.find((k) => k.kind === 'contact');
  if (!rules.data.canSend || !limits) return <CannotSend left={rules.data.left} resetsInSeconds={rules.data.resetsInSeconds} />;
  const failure = send.isError ? describeFailure(send.error, LABELS) : null;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <p className="text-gray-700">Questions, problems or ideas: the site&apos;s admins read every message. To report something you saw, use Report in its menu.</p>
      <TextField label={LABELS.subject} name="subject" value={subject} onValueChange={setSubject} required minLength={limits.subject.min} maxLength={limits.subject.max} error={failure?.fields.subject} />
      <TextArea label={LABELS.message} name="message" value={message} onValueChange={setMessage} required minLength={limits.message.min} maxLength={limits.message.max} rows={8} error={failure?.fields.message} />
      <FormAlert message={failure?.alert ?? null} title="Could not send the message" />
      <div className="flex justify-end">
        <Button type="submit" pending={send.isPending} pendingLabel="Sending…">
          Send
        </Button>
      </div>
    </form>
  );
}

/** Why the form is not offered: an unfinished registration, the hourly limit, or an account that may not send. */
function CannotSend({ left, resetsInSeconds }: { left: number; resetsInSeconds: number }) {
  const auth = useAuth();
  return (
    <Notice tone="warning" title="You cannot send a message now">
      {!auth.user?.registration_complete ? (
        <>
          Finish{' '}
          <Link to={paths.register} className={link}>
            your registration
          </Link>{' '}
          first.
        </>
      ) : left === 0 ? (
        `You have sent as many messages as an hour allows. Try again in ${formatWait(resetsInSeconds)}.`
      ) : (
        'Your account may not send messages to the admins.'
      )}
    </Notice>
  );
}
