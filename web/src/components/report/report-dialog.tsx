/**
 * Reporting something to the admins: the reason and, if the member likes, what is wrong; sending
 * it is the confirmation. Then "Reported" (a second report of the same thing changes nothing).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { SelectField, TextArea } from '@/components/form/fields';
import { describeFailure } from '@/components/form/messages';
import type { ReportReason, ReportTargetType } from '@shared/schemas/reports';
import { fileReport } from '@/lib/reports';

const REASONS: ReadonlyArray<{ value: ReportReason; label: string }> = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'abuse', label: 'Abusive or hateful' },
  { value: 'unsafe', label: 'Unsafe: harm, scams, dangerous plants' },
  { value: 'other', label: 'Something else' },
];

/** REPORT_TEXT_MAX of shared/schemas/reports.ts (not imported: the menus carry no schema code). */
const TEXT_MAX = 1000;

const NOUNS: Record<ReportTargetType, string> = {
  post: 'post', comment: 'comment', plant: 'plant listing', user: 'member', page: 'page', event: 'event', message: 'message', review: 'swap review',
};

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: { type: ReportTargetType; id: string };
}

export default function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const send = useMutation({ mutationFn: () => fileReport({ target, reason, text: text.trim() }) });
  const noun = NOUNS[target.type];
  const failure = send.isError ? describeFailure(send.error, { reason: 'Reason', text: 'What is wrong' }) : null;

  return (
    <Dialog
      open={open}
      onClose={() => !send.isPending && onClose()}
      title={send.isSuccess ? 'Reported' : `Report this ${noun}?`}
      description={send.isSuccess ? null : <p>{`The site's admins will look at it. The ${target.type === 'user' ? 'member' : 'author'} is not told who reported it.`}</p>}
    >
      {send.isSuccess ? (
        <div className="space-y-4">
          <Notice title="Thank you">{`The admins will review this ${noun}.`}</Notice>
          <div className="flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          <SelectField label="Reason" name="reason" value={reason} onValueChange={(v) => setReason(v as ReportReason)} options={REASONS} error={failure?.fields.reason} />
          <TextArea label="What is wrong" name="text" optional value={text} onValueChange={setText} maxLength={TEXT_MAX} rows={3} error={failure?.fields.text} />
          <FormAlert message={failure?.alert ?? null} title="Could not send the report" />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={send.isPending} pendingLabel="Sending…">
              Send report
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
