/**
 * "Ask to swap" on an available plant listing (its own chunk: only signed-in members who do not
 * own the listing load it): a message to the owner and, in return, one of my own available
 * listings or nothing (a give-away). The owner's side sees where their requests are.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { SWAP_MESSAGE_MAX } from '@shared/schemas/swaps';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { SelectField, TextArea } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { onSubmit } from '@/components/form/use-form';
import { useAuth } from '@/lib/auth/auth-store';
import { paths } from '@/config/paths';
import { newClientId } from '@/lib/api';
import { useAskForSwap, useMyAvailablePlants } from '../api/swaps';

const GIVE_AWAY = '';

export default function AskForSwap({ plantId, plantName, ownerName }: { plantId: string; plantName: string; ownerName: string }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [offer, setOffer] = useState(GIVE_AWAY);
  const [messageError, setMessageError] = useState<string | undefined>();
  // One id for this form: sending again after a lost answer is the same request (the server
  // answers the first), and a request refused made nothing under it.
  const [attemptId] = useState(newClientId);
  const ask = useAskForSwap();
  const mine = useMyAvailablePlants(open ? auth.user?.uuid : undefined);

  if (ask.isSuccess) {
    return (
      <Notice title="Request sent">
        {`Your message is in ${ownerName}'s inbox, and they have been told of your request. `}
        <Link to={paths.swaps} className="font-semibold underline underline-offset-2">
          Follow it in your swaps
        </Link>
      </Notice>
    );
  }
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Ask to swap
      </Button>
    );
  }
  const submit = () => {
    if (!message.trim()) {
      setMessageError('Write a few words to the owner');
      return;
    }
    ask.mutate({ id: attemptId, plantId, message: message.trim(), ...(offer ? { offer } : {}) });
  };
  const options = [
    { value: GIVE_AWAY, label: 'Nothing: ask for it as a give-away' },
    ...(mine.data?.plants ?? []).map((p) => ({ value: p.id, label: p.plant?.commonName ?? 'A plant of mine' })),
  ];
  return (
    <form onSubmit={onSubmit(submit)} className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={`Ask to swap ${plantName}`}>
      <h2 className="text-lg font-semibold text-gray-900">{`Ask to swap ${plantName}`}</h2>
      <FormAlert message={ask.isError ? failureMessage(ask.error) : null} />
      <TextArea
        label={`Your message to ${ownerName}`}
        name="message"
        value={message}
        onValueChange={(v) => {
          setMessage(v);
          setMessageError(undefined);
        }}
        error={messageError}
        maxLength={SWAP_MESSAGE_MAX}
        rows={3}
        hint="It starts your conversation: say when and where you could pick it up."
        autoFocus
      />
      <SelectField
        label="In return"
        name="offer"
        value={offer}
        onValueChange={setOffer}
        options={options}
        hint={mine.isPending ? 'Loading your available listings…' : mine.isError ? 'Could not load your listings: you can still ask for it as a give-away.' : 'One of your own available listings, or nothing.'}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={ask.isPending} pendingLabel="Sending…">
          Send request
        </SubmitButton>
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={ask.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
