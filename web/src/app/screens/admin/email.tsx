/**
 * /admin/email: an announcement by e-mail to all members or to those near a place (write, preview,
 * confirm with the recipient count, then its progress), the e-mails the site sends, and a test of
 * the account-deletion e-mail to oneself.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { Fieldset, SelectField, TextArea, TextField } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import {
  announcementProgress,
  announcementQueryKey,
  countAnnouncementRecipients,
  sendAccountDeletionEmail,
  startAnnouncement,
  type AnnouncementAudience,
} from '@/features/admin/api/admin';
import { useAuth } from '@/lib/auth/auth-store';

const EMAILS = [
  { name: 'E-mail verification', when: 'After signing up, and when someone asks for a new link. The link opens /auth/verifyemail.' },
  { name: 'Already registered', when: 'When someone signs up with an address that has an account (instead of a second account).' },
  { name: 'Password reset', when: 'When someone asks for a reset link. The link opens /auth/reset and expires.' },
  { name: 'Account deletion', when: 'When a member deletes their account: a confirmation of what was removed.' },
  { name: 'New page', when: 'When a member creates a page: what to do next.' },
  { name: 'Notifications', when: 'Messages, comments and events, as each member chose in their settings.' },
  { name: 'Announcements', when: 'What an admin writes below, to members who keep announcements on in their settings.' },
];

const SUBJECT_MAX = 200;
const TEXT_MAX = 20_000;
const POLL_MS = 2000;

interface Draft {
  audience: 'all' | 'near';
  latitude: string;
  longitude: string;
  radiusKm: string;
  subject: string;
  text: string;
}

const EMPTY: Draft = { audience: 'all', latitude: '', longitude: '', radiusKm: '25', subject: '', text: '' };

/** The audience as the routes take it, or a message naming what is missing. */
function audienceOf(d: Draft): AnnouncementAudience | string {
  if (d.audience === 'all') return { audience: 'all' };
  const latitude = Number(d.latitude);
  const longitude = Number(d.longitude);
  const radiusKm = Number(d.radiusKm);
  if (!d.latitude.trim() || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) return 'Latitude must be a number between -90 and 90';
  if (!d.longitude.trim() || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) return 'Longitude must be a number between -180 and 180';
  if (!Number.isInteger(radiusKm) || radiusKm < 1 || radiusKm > 150) return 'Radius must be a whole number of kilometres from 1 to 150';
  return { audience: 'near', latitude, longitude, radiusKm };
}

function Progress({ id }: { id: string }) {
  const progress = useQuery({
    queryKey: announcementQueryKey(id),
    queryFn: ({ signal }) => announcementProgress(id, signal),
    refetchInterval: (q) => (q.state.data?.state === 'done' ? false : POLL_MS),
  });
  if (progress.isPending) return <p role="status">Loading progress…</p>;
  if (progress.isError) return <FormAlert message={failureMessage(progress.error)} title="Could not read the progress" />;
  const a = progress.data;
  return (
    <div role="status" aria-live="polite" className="space-y-1 text-sm text-gray-800">
      <p className="font-medium">
        {a.state === 'done' ? 'Sent.' : 'Sending…'} “{a.subject}”
      </p>
      <p>
        {a.sent} sent, {a.skipped} skipped{a.state === 'done' ? '.' : ' so far.'}
      </p>
    </div>
  );
}

function Announcement() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ recipients: number; radiusKm: number | null } | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setConfirming(null);
  };
  const count = useMutation({ mutationFn: countAnnouncementRecipients, onSuccess: (c) => setConfirming(c) });
  const start = useMutation({ mutationFn: startAnnouncement, onSuccess: (a) => setStartedId(a.id) });
  // The question takes the place of "Review and send": focus goes to it, and back on Cancel.
  const confirmBox = useRef<HTMLDivElement>(null);
  const reviewId = useId();
  const backToReview = useRef(false);
  useEffect(() => {
    if (confirming) confirmBox.current?.focus();
    else if (backToReview.current) {
      backToReview.current = false;
      document.getElementById(reviewId)?.focus();
    }
  }, [confirming, reviewId]);

  const review = () => {
    const audience = audienceOf(draft);
    if (typeof audience === 'string') return setProblem(audience);
    if (!draft.subject.trim()) return setProblem('Write a subject');
    if (!draft.text.trim()) return setProblem('Write the message');
    setProblem(null);
    count.mutate(audience);
  };
  const send = () => {
    const audience = audienceOf(draft);
    if (typeof audience === 'string') return setProblem(audience);
    start.mutate({ ...audience, subject: draft.subject, text: draft.text });
  };

  if (startedId) {
    return (
      <div className="space-y-3">
        <Progress id={startedId} />
        <Button variant="secondary" onClick={() => (setStartedId(null), setDraft(EMPTY), setConfirming(null), start.reset())}>
          Write another
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <FormAlert message={problem ?? (count.isError ? failureMessage(count.error) : start.isError ? failureMessage(start.error) : null)} title="Cannot send this yet" />
      <Fieldset legend="To">
        <SelectField
          label="Members"
          name="audience"
          value={draft.audience}
          onValueChange={(v) => set('audience', v === 'near' ? 'near' : 'all')}
          options={[
            { value: 'all', label: 'All registered members' },
            { value: 'near', label: 'Members near a place' },
          ]}
        />
        {draft.audience === 'near' ? (
          <>
            <p className="text-sm text-gray-600">Only members who show in “people near you” can be found near a place; those who hide from it are not mailed.</p>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField label="Latitude" name="latitude" inputMode="decimal" value={draft.latitude} onValueChange={(v) => set('latitude', v)} />
              <TextField label="Longitude" name="longitude" inputMode="decimal" value={draft.longitude} onValueChange={(v) => set('longitude', v)} />
              <TextField label="Radius (km)" name="radiusKm" inputMode="numeric" value={draft.radiusKm} onValueChange={(v) => set('radiusKm', v)} />
            </div>
          </>
        ) : null}
      </Fieldset>
      <TextField label="Subject" name="subject" maxLength={SUBJECT_MAX} value={draft.subject} onValueChange={(v) => set('subject', v)} />
      <TextArea label="Message (plain text)" name="text" rows={8} maxLength={TEXT_MAX} value={draft.text} onValueChange={(v) => set('text', v)} />

      {draft.subject.trim() || draft.text.trim() ? (
        <section aria-labelledby="announcement-preview" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
          <h3 id="announcement-preview" className="text-sm font-semibold text-gray-700">
            Preview
          </h3>
          <p className="mt-2 font-medium text-gray-900">{draft.subject}</p>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-gray-800">{draft.text}</p>
          <p className="mt-3 text-xs text-gray-600">Each e-mail ends with a link to stop announcements.</p>
        </section>
      ) : null}

      {confirming ? (
        <div ref={confirmBox} tabIndex={-1} role="alertdialog" aria-labelledby="announcement-confirm" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500">
          <p id="announcement-confirm" className="text-sm text-gray-900">
            {confirming.recipients === 0
              ? 'No member would get this.'
              : `Send this to ${confirming.recipients} ${confirming.recipients === 1 ? 'member' : 'members'}${confirming.radiusKm !== null ? ` within ${confirming.radiusKm} km` : ''}? It cannot be taken back.`}
          </p>
          <div className="flex flex-wrap gap-2">
            {confirming.recipients > 0 ? (
              <Button onClick={send} pending={start.isPending} pendingLabel="Starting…">
                Send to {confirming.recipients}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => ((backToReview.current = true), setConfirming(null))}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button id={reviewId} onClick={review} pending={count.isPending} pendingLabel="Counting…">
          Review and send
        </Button>
      )}
    </div>
  );
}

export default function AdminEmailScreen() {
  const { user } = useAuth();
  const send = useMutation({ mutationFn: sendAccountDeletionEmail });
  return (
    <PageShell title="E-mail" description="Announcements to members, the e-mails the site sends, and a test message to yourself.">
      <section aria-labelledby="email-announce" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="email-announce" className="text-lg font-semibold text-gray-900">
          Send an announcement
        </h2>
        <p className="text-sm text-gray-700">Members who turned announcements off, suspended accounts and unverified addresses get nothing. One announcement is sent at a time.</p>
        <Announcement />
      </section>
      <section aria-labelledby="emails-sent" className="space-y-3">
        <h2 id="emails-sent" className="text-lg font-semibold text-gray-900">
          What the site sends
        </h2>
        <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {EMAILS.map((e) => (
            <div key={e.name} className="p-4">
              <dt className="font-medium text-gray-900">{e.name}</dt>
              <dd className="mt-1 text-sm text-gray-600">{e.when}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-gray-600">In the cloud these go out through Amazon SES; on a laptop they land in the outbox at /dev/outbox.</p>
      </section>
      <section aria-labelledby="email-test" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="email-test" className="text-lg font-semibold text-gray-900">
          Send a test
        </h2>
        <p className="text-sm text-gray-700">
          Sends the account-deletion e-mail to <strong>{user?.email ?? 'you'}</strong>. Nothing is deleted.
        </p>
        <FormAlert message={send.isError ? failureMessage(send.error) : null} title="Could not send the test" />
        {send.isSuccess ? (
          <Notice>
            <p>Sent to {user?.email}. It may take a minute to arrive.</p>
          </Notice>
        ) : null}
        <Button onClick={() => send.mutate()} pending={send.isPending} pendingLabel="Sending…">
          Send me the account-deletion e-mail
        </Button>
      </section>
    </PageShell>
  );
}
