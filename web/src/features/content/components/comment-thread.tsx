/**
 * The comments of a post or plant: replies nested under their comment (at most
 * MAX_COMMENT_LEVEL deep, so the deepest ones offer no Reply), likes on each, the member's own
 * comments deletable (with their replies, after a confirmation), and for guests a prompt to
 * sign in. A reply whose parent is not in the list is not shown.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { formatNumber } from '@shared/format';
import { COMMENT_MAX, MAX_COMMENT_LEVEL } from '@shared/content-rules';
import type { CommentView } from '@shared/answers/comments';
import type { PostDetail } from '@shared/answers/feeds';
import { Dialog } from '@/components/dialog';
import { TextArea } from '@/components/form/fields';
import { Button, FormAlert, SubmitButton } from '@/components/form/feedback';
import { describeFailure, failureMessage } from '@/components/form/messages';
import { handleHref, loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { newClientId } from '@/lib/api';
import { formatDateTime, formatRelative } from '@/lib/format-date';
import { useReportAction } from '@/components/report/report-action';
import { useAddComment, useDeleteComment } from '../api/comments';
import { buildThread, insertComment, removeSubtree, subtreeIds, visibleComments, type ThreadNode } from '../lib/thread';
import { Avatar } from '@/components/avatar';
import { ReplyIcon, TrashIcon } from './icons';
import { ReactionButton } from './reaction-button';
import { isFormerMember, responderName } from './responders';

export type DetailUpdate = (update: (detail: PostDetail) => PostDetail) => void;

interface ThreadContext {
  postId: string;
  noun: string;
  canWrite: boolean;
  userId: string | null;
  replyingTo: string | null;
  setReplyingTo: (id: string | null) => void;
  added: (comment: CommentView, commentCount: number) => void;
  askDelete: (comment: CommentView) => void;
  reacted: (commentId: string, reactionCount: number, myReactionId: string | null) => void;
}

export function CommentThread({ detail, onUpdate }: { detail: PostDetail; onUpdate: DetailUpdate }) {
  const auth = useAuth();
  const location = useLocation();
  const headingId = useId();
  const { post, comments } = detail;
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const userId = auth.loggedIn === true ? (auth.user?.uuid ?? null) : null;
  const canWrite = userId !== null && !!auth.user?.registration_complete && !auth.user.suspended;
  const noun = post.kind === 'plant' ? 'plant' : 'post';

  const shown = useMemo(() => visibleComments(comments, MAX_COMMENT_LEVEL), [comments]);
  const thread = useMemo(() => buildThread(shown), [shown]);

  const ctx: ThreadContext = {
    postId: post.id,
    noun,
    canWrite,
    userId,
    replyingTo,
    setReplyingTo,
    added: (comment, commentCount) => {
      onUpdate((d) => ({ ...d, comments: insertComment(d.comments, comment), post: { ...d.post, commentCount } }));
      setReplyingTo(null);
      setNote(null);
    },
    askDelete: (comment) => {
      remove.reset();
      setDeleting(comment);
    },
    reacted: (commentId, reactionCount, myReactionId) =>
      onUpdate((d) => ({ ...d, comments: d.comments.map((c) => (c.id === commentId ? { ...c, reactionCount, myReactionId } : c)) })),
  };

  // The post's comment count in the cached feeds is set by the mutation hooks; this page's copy here.
  const remove = useDeleteComment(post.id, userId ?? '', ({ commentCount }, comment) => {
    onUpdate((d) => ({ ...d, comments: removeSubtree(d.comments, comment.id), post: { ...d.post, commentCount } }));
    setDeleting(null);
    setNote('Your comment was deleted.');
  });

  const replies = deleting ? subtreeIds(shown, deleting.id).size - 1 : 0;

  return (
    <section id="comments" aria-labelledby={headingId} className="scroll-mt-20 space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Comments <span className="font-normal text-gray-600">({formatNumber(post.commentCount)})</span>
      </h2>

      {note ? (
        <p role="status" className="text-sm text-primary-800">
          {note}
        </p>
      ) : null}

      {thread.length > 0 ? (
        <ol role="list" aria-label="Comments" className="space-y-4">
          {thread.map((node) => (
            <CommentItem key={node.comment.id} node={node} ctx={ctx} />
          ))}
        </ol>
      ) : (
        <p className="text-gray-700">{canWrite ? 'No comments yet. Start the conversation.' : 'No comments yet.'}</p>
      )}

      {canWrite ? (
        <CommentForm key="top" postId={post.id} label={`Comment on this ${noun}`} submitLabel="Post comment" onAdded={ctx.added} />
      ) : userId ? (
        <p className="rounded-lg bg-gray-50 p-4 text-sm text-gray-800">
          <Link to={paths.register} className="font-semibold text-primary-800 underline underline-offset-2">
            Finish your registration
          </Link>{' '}
          to comment and reply.
        </p>
      ) : (
        <div className="rounded-lg bg-gray-50 p-4 text-sm text-gray-800">
          <p className="font-semibold text-gray-900">Join the conversation</p>
          <p className="mt-1">
            <Link to={loginHref(location)} className="font-semibold text-primary-800 underline underline-offset-2">
              Sign in
            </Link>{' '}
            or{' '}
            <Link to={paths.signup} className="font-semibold text-primary-800 underline underline-offset-2">
              create an account
            </Link>{' '}
            to comment, reply and like.
          </p>
        </div>
      )}

      <Dialog
        open={deleting !== null}
        onClose={() => !remove.isPending && setDeleting(null)}
        title="Delete your comment?"
        description={
          <p>
            {replies > 0
              ? `Its ${formatNumber(replies)} ${replies === 1 ? 'reply goes' : 'replies go'} too. This cannot be undone.`
              : 'Any replies to it go too. This cannot be undone.'}
          </p>
        }
      >
        <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the comment" />
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => deleting && remove.mutate(deleting)} pending={remove.isPending} pendingLabel="Deleting…">
            Delete comment
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function CommentItem({ node, ctx }: { node: ThreadNode; ctx: ThreadContext }) {
  const { comment, replies } = node;
  const author = comment.author;
  const name = responderName(author);
  const mine = ctx.userId !== null && author.uuid === ctx.userId;
  const canReply = ctx.canWrite && comment.level < MAX_COMMENT_LEVEL;
  const replying = ctx.replyingTo === comment.id;
  const report = useReportAction({ type: 'comment', id: comment.id });
  const small = 'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium';

  return (
    <li data-level={comment.level}>
      <article aria-label={`Comment by ${name}`} className="flex gap-2 sm:gap-3">
        <Avatar src={author.avatar} name={name} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {isFormerMember(author) ? (
              <span className="font-semibold text-gray-700">{name}</span>
            ) : (
              <Link to={handleHref(author.username)} className="font-semibold text-gray-900 hover:text-primary-800 hover:underline">
                {name}
              </Link>
            )}
            <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="text-gray-600">
              {formatRelative(comment.createdAt)}
            </time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-gray-900">{comment.content}</p>
          <div className="-ml-2 flex flex-wrap items-center gap-1">
            <ReactionButton
              target={{ comment_id: comment.id }}
              count={comment.reactionCount}
              myReactionId={comment.myReactionId}
              noun="comment"
              onSaved={({ reactionCount, myReactionId }) => ctx.reacted(comment.id, reactionCount, myReactionId)}
            />
            {canReply ? (
              <button
                type="button"
                aria-expanded={replying}
                onClick={() => ctx.setReplyingTo(replying ? null : comment.id)}
                className={`${small} text-gray-700 hover:bg-gray-100 hover:text-gray-900`}
              >
                <ReplyIcon className="size-4" />
                Reply<span className="sr-only">{` to ${name}`}</span>
              </button>
            ) : null}
            {mine ? (
              <button type="button" onClick={() => ctx.askDelete(comment)} className={`${small} text-red-800 hover:bg-red-50`}>
                <TrashIcon className="size-4" />
                Delete<span className="sr-only"> your comment</span>
              </button>
            ) : report.allowed ? (
              <button type="button" onClick={report.action.onSelect} className={`${small} text-gray-700 hover:bg-gray-100 hover:text-gray-900`}>
                Report<span className="sr-only">{` the comment by ${name}`}</span>
              </button>
            ) : null}
            {report.dialog}
          </div>
          {replying ? (
            <CommentForm
              postId={ctx.postId}
              parent={comment}
              label={`Reply to ${name}`}
              submitLabel="Post reply"
              autoFocus
              onAdded={ctx.added}
              onCancel={() => ctx.setReplyingTo(null)}
            />
          ) : null}
        </div>
      </article>
      {replies.length > 0 ? (
        <ol role="list" aria-label={`Replies to ${name}`} className="mt-3 ml-2 space-y-3 border-l-2 border-gray-100 pl-2 sm:ml-5 sm:pl-4">
          {replies.map((child) => (
            <CommentItem key={child.comment.id} node={child} ctx={ctx} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

function CommentForm({
  postId,
  parent,
  label,
  submitLabel,
  autoFocus = false,
  onAdded,
  onCancel,
}: {
  postId: string;
  parent?: CommentView;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onAdded: (comment: CommentView, commentCount: number) => void;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  // One id per comment being written: a retry after a lost answer cannot post it twice.
  const clientId = useRef(newClientId());

  const send = useAddComment({
    onSuccess: ({ comment, commentCount }) => {
      clientId.current = newClientId();
      setContent('');
      onAdded(comment, commentCount);
    },
    onError: (err) => {
      const { fields, alert: message } = describeFailure(err, { content: parent ? 'Reply' : 'Comment' });
      setError(fields.content);
      setAlert(message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const text = content.trim();
    if (!text) {
      setError(`${parent ? 'Reply' : 'Comment'} is required`);
      return;
    }
    setError(undefined);
    send.mutate({ id: clientId.current, postId, content: text, parent: parent ? { id: parent.id, level: parent.level } : undefined });
  };

  return (
    <form onSubmit={submit} noValidate className={`space-y-3 ${parent ? 'mt-2' : 'border-t border-gray-100 pt-4'}`}>
      <FormAlert message={alert} title={parent ? 'Your reply was not posted' : 'Your comment was not posted'} />
      <TextArea
        label={label}
        name="content"
        value={content}
        onValueChange={(v) => {
          setContent(v);
          if (error) setError(undefined);
        }}
        error={error}
        rows={parent ? 2 : 3}
        maxLength={COMMENT_MAX}
        autoFocus={autoFocus}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton pending={send.isPending} pendingLabel="Posting…">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
