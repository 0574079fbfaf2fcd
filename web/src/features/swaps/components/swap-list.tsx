/**
 * My swaps as one side: each request with its listing, the other side, its steps as a progress
 * line, the moves this side may make now (closing ones confirmed first), and, once received, the
 * review form until this side has written or the window closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SWAP_REVIEW_TEXT_MAX, type SwapStatus } from '@shared/schemas/swaps';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, ShowMore, SubmitButton } from '@/components/form/feedback';
import { Checkbox, Fieldset, TextArea } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { onSubmit } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { handleHref, plantHref } from '@/config/paths';
import { formatDay, formatRelative } from '@/lib/format-date';
import { imageUrl } from '@/lib/images';
import { useMoveSwap, useMySwaps, useReviewSwap, type SwapCard, type SwapMove, type SwapRole } from '../api/swaps';

const STEPS: readonly { status: SwapStatus; label: string }[] = [
  { status: 'REQUESTED', label: 'Requested' },
  { status: 'ACCEPTED', label: 'Accepted' },
  { status: 'HANDED_OVER', label: 'Handed over' },
  { status: 'RECEIVED', label: 'Received' },
];

/** The swap's steps, done ones ticked, the current one named as such; a closed request says how it ended. */
export function SwapProgress({ swap }: { swap: Pick<SwapCard, 'status'> }) {
  if (swap.status === 'DECLINED' || swap.status === 'CANCELLED') {
    return <p className="text-sm font-medium text-gray-700">{swap.status === 'DECLINED' ? 'Declined: this request is closed.' : 'Cancelled: this request is closed.'}</p>;
  }
  const at = STEPS.findIndex((s) => s.status === swap.status);
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" aria-label="Steps of this swap">
      {STEPS.map((step, i) => (
        <li key={step.status} className="flex items-center gap-2" aria-current={i === at ? 'step' : undefined}>
          <span
            aria-hidden="true"
            className={`inline-flex size-6 items-center justify-center rounded-full border text-xs font-semibold ${i <= at ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-400 text-gray-600'}`}
          >
            {i < at || (i === at && step.status === 'RECEIVED') ? '✓' : i + 1}
          </span>
          <span className={i === at ? 'font-semibold text-gray-900' : i < at ? 'text-gray-800' : 'text-gray-600'}>
            {step.label}
            {i < at ? <span className="sr-only"> (done)</span> : i === at ? <span className="sr-only"> (now)</span> : null}
          </span>
          {i < STEPS.length - 1 ? <span aria-hidden="true" className={`h-px w-4 ${i < at ? 'bg-primary-700' : 'bg-gray-300'}`} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** The moves this side may make now, in the order they are offered. */
function movesOf(swap: SwapCard, role: SwapRole): SwapMove[] {
  if (role === 'offered') return swap.status === 'REQUESTED' ? ['ACCEPTED', 'DECLINED'] : swap.status === 'ACCEPTED' ? ['HANDED_OVER', 'CANCELLED'] : [];
  return swap.status === 'REQUESTED' || swap.status === 'ACCEPTED' ? ['CANCELLED'] : swap.status === 'HANDED_OVER' ? ['RECEIVED'] : [];
}

const MOVE_LABEL: Record<SwapMove, string> = {
  ACCEPTED: 'Accept',
  DECLINED: 'Decline',
  CANCELLED: 'Cancel the swap',
  HANDED_OVER: 'Mark handed over',
  RECEIVED: 'Confirm received',
};
/** Moves that cannot be taken back are confirmed first, saying what follows. */
const CONFIRM: Partial<Record<SwapMove, { title: string; says: string; danger: boolean }>> = {
  DECLINED: { title: 'Decline this request?', says: 'The other side is told, and the request closes for good.', danger: true },
  CANCELLED: { title: 'Cancel this swap?', says: 'The other side is told, and the request closes for good.', danger: true },
  HANDED_OVER: { title: 'Mark it handed over?', says: 'Neither of you can cancel after this; the other side confirms they received it.', danger: false },
  RECEIVED: { title: 'Confirm you received it?', says: 'The swap is done: it counts in both records, and you both have 14 days to review it.', danger: false },
};

/** Whose turn it is when this side waits on the other. */
function waitingFor(swap: SwapCard, role: SwapRole): string | null {
  const other = swap.other.name;
  if (role === 'offered' && swap.status === 'HANDED_OVER') return `Waiting for ${other} to confirm they received it.`;
  if (role === 'asked' && swap.status === 'REQUESTED') return `Waiting for ${other} to answer.`;
  if (role === 'asked' && swap.status === 'ACCEPTED') return `Accepted: arrange the hand-over with ${other} in your messages.`;
  return null;
}

/** What a move did, said where focus lands once its button has gone. */
const DONE: Record<SwapMove, string> = {
  ACCEPTED: 'Accepted: hand the plant over when you meet, then mark it here.',
  DECLINED: 'Declined: they have been told.',
  CANCELLED: 'Cancelled: the other side has been told.',
  HANDED_OVER: 'Marked handed over: they confirm they received it next.',
  RECEIVED: 'Marked received: you can review the swap now.',
};

/** A line that takes focus when it appears, so a keyboard or screen reader user is not left on a button that has gone. */
function Said({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [text]);
  return (
    <p ref={ref} tabIndex={-1} className="text-sm font-medium text-green-800 focus:outline-none">
      {text}
    </p>
  );
}

function Moves({ swap, role }: { swap: SwapCard; role: SwapRole }) {
  const move = useMoveSwap();
  // The move made here, and the state it was made from: until the list is read again, no other
  // move is offered; once the swap moves on from both (the other side's move), the line goes.
  const [made, setMade] = useState<{ move: SwapMove; from: SwapStatus } | null>(null);
  const done = made && (swap.status === made.from || swap.status === made.move) ? made.move : null;
  const [confirming, setConfirming] = useState<SwapMove | null>(null);
  // A page's listing is marked by whoever listed it, from the listing itself: no choice here.
  const mayMark = swap.ownerType === 'user';
  const [markUnavailable, setMarkUnavailable] = useState(true);
  const moves = made && swap.status === made.from ? [] : movesOf(swap, role);
  const waiting = waitingFor(swap, role);
  const run = (status: SwapMove) =>
    move.mutate(
      { id: swap.id, status, ...(status === 'ACCEPTED' && mayMark && markUnavailable ? { markUnavailable: true } : {}) },
      { onSettled: () => setConfirming(null), onSuccess: () => setMade({ move: status, from: swap.status }) },
    );
  const asked = confirming ? CONFIRM[confirming] : undefined;
  return (
    <div className="space-y-2">
      {done ? <Said text={DONE[done]} /> : null}
      {waiting ? <p className="text-sm text-gray-700">{waiting}</p> : null}
      {moves.includes('ACCEPTED') && mayMark ? (
        <Checkbox
          name={`unavailable-${swap.id}`}
          label="Also mark the listing “Not available”"
          hint="Other requests on it stay open: decline them here."
          checked={markUnavailable}
          onCheckedChange={setMarkUnavailable}
        />
      ) : null}
      {moves.length ? (
        <div className="flex flex-wrap gap-2">
          {moves.map((status) => (
            <Button
              key={status}
              variant={CONFIRM[status]?.danger ? 'danger-outline' : 'primary'}
              pending={move.isPending && move.variables?.status === status}
              pendingLabel="Saving…"
              disabled={move.isPending}
              onClick={() => (CONFIRM[status] ? setConfirming(status) : run(status))}
            >
              {status === 'CANCELLED' && role === 'asked' && swap.status === 'REQUESTED' ? 'Withdraw request' : MOVE_LABEL[status]}
            </Button>
          ))}
        </div>
      ) : null}
      {move.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(move.error)}
        </p>
      ) : null}
      <Dialog open={asked !== undefined} title={asked?.title ?? ''} onClose={() => !move.isPending && setConfirming(null)} description={<p>{asked?.says}</p>}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={move.isPending} onClick={() => setConfirming(null)}>
            Not now
          </Button>
          <Button variant={asked?.danger ? 'danger' : 'primary'} pending={move.isPending} pendingLabel="Saving…" onClick={() => confirming && run(confirming)}>
            {confirming ? MOVE_LABEL[confirming] : ''}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The review form: a rating of 1 to 5, whether it felt safe, a few words. */
export function ReviewForm({ swap, onSent }: { swap: SwapCard; onSent?: () => void }) {
  const review = useReviewSwap();
  const [rating, setRating] = useState(0);
  const [wasSafe, setWasSafe] = useState<boolean | null>(null);
  const [safeError, setSafeError] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const submit = () => {
    if (rating < 1) setRatingError('Choose a rating from 1 to 5');
    if (wasSafe === null) setSafeError('Say whether you felt safe');
    if (rating < 1 || wasSafe === null) return;
    review.mutate({ id: swap.id, rating, wasSafe, text }, { onSuccess: () => onSent?.() });
  };
  const closes = swap.reviewClosesAt ? formatDay(swap.reviewClosesAt) : null;
  return (
    <form onSubmit={onSubmit(submit)} className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4" aria-label={`Review the swap of ${swap.plant?.commonName ?? 'this plant'}`}>
      <h3 className="font-semibold text-gray-900">How did it go?</h3>
      <p className="text-sm text-gray-700">{`Your review shows once ${swap.other.name} has written theirs${closes ? `, or on ${closes} when the window closes` : ''}: neither of you sees the other's first.`}</p>
      <FormAlert message={review.isError ? failureMessage(review.error) : null} />
      <Fieldset legend="Rating" error={ratingError}>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="inline-flex min-h-11 items-center gap-1 text-sm text-gray-800">
              <input
                type="radio"
                name={`rating-${swap.id}`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setRatingError(undefined);
                }}
                className="size-5 accent-primary-700"
              />
              {`${n} ${n === 1 ? 'star' : 'stars'}`}
            </label>
          ))}
        </div>
      </Fieldset>
      <Fieldset legend="Did you feel safe meeting them?" error={safeError}>
        <div className="flex flex-wrap gap-3">
          {([true, false] as const).map((v) => (
            <label key={String(v)} className="inline-flex min-h-11 items-center gap-1 text-sm text-gray-800">
              <input
                type="radio"
                name={`safe-${swap.id}`}
                checked={wasSafe === v}
                onChange={() => {
                  setWasSafe(v);
                  setSafeError(undefined);
                }}
                className="size-5 accent-primary-700"
              />
              {v ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      </Fieldset>
      <TextArea label="A few words" optional name="text" value={text} onValueChange={setText} maxLength={SWAP_REVIEW_TEXT_MAX} rows={3} />
      <SubmitButton pending={review.isPending} pendingLabel="Sending…">
        Send review
      </SubmitButton>
    </form>
  );
}

function ReviewPart({ swap }: { swap: SwapCard }) {
  // Written here just now: focus lands on what became of the form.
  const [sent, setSent] = useState(false);
  if (swap.status !== 'RECEIVED' || !swap.reviewClosesAt) return null;
  if (swap.reviewed) {
    const said = `You reviewed this swap. Reviews show on both records once both of you have written, or on ${formatDay(swap.reviewClosesAt)} at the latest.`;
    return sent ? <Said text={said} /> : <p className="text-sm text-gray-700">{said}</p>;
  }
  if (Date.parse(swap.reviewClosesAt) <= Date.now()) return <p className="text-sm text-gray-600">The review window has closed.</p>;
  return <ReviewForm swap={swap} onSent={() => setSent(true)} />;
}

function Card({ swap, role }: { swap: SwapCard; role: SwapRole }) {
  const name = swap.plant?.commonName ?? 'A listing no longer shown';
  const other = swap.other;
  return (
    <li className="space-y-3 p-4">
      <div className="flex gap-3">
        {swap.plant?.photo ? (
          <img src={imageUrl(swap.plant.photo)} alt="" className="size-16 shrink-0 rounded-lg bg-gray-100 object-cover" loading="lazy" decoding="async" />
        ) : (
          <span aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-gray-100" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="font-semibold break-words text-gray-900">{swap.plant ? <Link to={plantHref(swap.plantId)} className="underline underline-offset-2">{name}</Link> : name}</h3>
          <p className="text-sm text-gray-700">
            {role === 'asked' ? 'Listed by ' : 'Asked for by '}
            {other.handle ? (
              <Link to={handleHref(other.handle)} className="font-medium text-primary-800 underline underline-offset-2">
                {other.name}
              </Link>
            ) : (
              other.name
            )}
            {' · '}
            <time dateTime={swap.createdAt}>{formatRelative(swap.createdAt)}</time>
            {' · '}
            {swap.offerId ? (
              <Link to={plantHref(swap.offerId)} className="font-medium text-primary-800 underline underline-offset-2">
                {role === 'asked' ? 'the plant you offered' : 'the plant they offer in return'}
              </Link>
            ) : (
              'asked as a give-away'
            )}
          </p>
          <p className="text-sm break-words whitespace-pre-line text-gray-600">{`“${swap.message}”`}</p>
        </div>
      </div>
      <SwapProgress swap={swap} />
      <Moves swap={swap} role={role} />
      <ReviewPart swap={swap} />
    </li>
  );
}

const EMPTY: Record<SwapRole, string> = {
  asked: 'You have not asked for any plants yet. Find one you like and ask to swap it from its listing.',
  offered: 'Nobody has asked for your plants yet. Requests on your available listings show up here.',
};

export function SwapList({ role, title, pageId }: { role: SwapRole; title: string; pageId?: string }) {
  const list = useMySwaps(role, pageId);
  const swaps = list.data?.pages.flatMap((p) => p.swaps) ?? [];
  return (
    <section className="space-y-3" aria-labelledby={`swaps-${role}`}>
      <h2 id={`swaps-${role}`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {list.isPending ? (
        <Loading label="Loading swaps…" />
      ) : list.isError ? (
        <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{`Could not load these swaps. ${failureMessage(list.error)}`}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : swaps.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700 shadow-sm">{pageId ? "Nobody has asked for this page's plants yet." : EMPTY[role]}</p>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
            {swaps.map((s) => (
              <Card key={s.id} swap={s} role={role} />
            ))}
          </ul>
          <div className="text-center">
            <ShowMore list={list}>Show more swaps</ShowMore>
          </div>
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-red-700">
              Could not load more. Try again.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
