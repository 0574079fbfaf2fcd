/**
 * The one card for posts and plant listings alike, in a feed (variant "card") or on the item's
 * own page ("full"): owner, date, privacy, text, photos, tags, likes and comments, and for its
 * owner a menu to edit and delete it. Links in its text are links (as in messages). A post's
 * text and tags are edited in the card (post-editor.tsx, loaded when asked for); a plant listing
 * has an editor of its own. What differs by
 * `post.kind` is in KINDS below (its word, its page, its accessible name, its editor) and in
 * PlantParts (names, availability badge and facts, from plant-details.tsx), shown above the
 * text for plant listings only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatNumber, plural, toTitleCase } from '@shared/format';
import type { OwnerCard, PostKind, PostView } from '@shared/answers/posts';
import type { Privacy } from '@shared/content-rules';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert } from '@/components/form/feedback';
import { LinkedText } from '@/components/linked-text';
import { failureMessage } from '@/components/form/messages';
import { handleHref, plantHref, postHref, tagHref } from '@/config/paths';
import { distanceText } from '@/lib/places';
import { useUnits } from '@/lib/user-settings';
import { useAuth } from '@/lib/auth/auth-store';
import { pageHref } from '@/lib/known-pages';
import { formatDateTime, formatRelative } from '@/lib/format-date';
import { patchPost } from '../api/cache';
import { useDeletePost } from '../api/posts';
import { Avatar } from '@/components/avatar';
import { CommentIcon, GlobeIcon, LockIcon, MembersIcon } from './icons';
import { OwnerMenu } from './owner-menu';
import { useReportAction } from '@/components/report/report-action';
import { PhotoGrid } from './photo-grid';
import { PlantFacts, PlantHeading, plantName } from './plant-details';
import { ReactionButton } from './reaction-button';

const PostEditor = lazy(() => import('./post-editor'));

/** Cards show this much of a long text, then "Read more". */
export const CARD_TEXT_MAX = 600;

export const ownerName = (owner: OwnerCard) => (owner.name.trim() ? toTitleCase(owner.name) : owner.handle ? `@${owner.handle}` : 'Someone');

export const editPlantHref = (id: string) => `/profile/plants/edit/${encodeURIComponent(id)}`;

/** What a card says and links differently for each kind of post. */
interface KindParts {
  /** Its word in labels and messages ("Delete this plant?"). */
  noun: string;
  /** Its own page. */
  href: (id: string) => string;
  /** The card's accessible name; `owner` is the owner's name as shown. */
  label: (post: PostView, owner: string) => string;
  /** Where its owner edits it; null when it is edited in the card (its text and tags). */
  editHref: ((id: string) => string) | null;
}

const KINDS: Record<PostKind, KindParts> = {
  post: { noun: 'post', href: postHref, label: (_post, owner) => `Post by ${owner}`, editHref: null },
  plant: {
    noun: 'plant',
    href: plantHref,
    label: (post, owner) => (post.plant ? `${plantName(post.plant)}, listed by ${owner}` : `Post by ${owner}`),
    editHref: editPlantHref,
  },
};

export const permalink = (post: Pick<PostView, 'id' | 'kind'>) => KINDS[post.kind].href(post.id);

const PRIVACY: Record<Privacy, { label: string; Icon: typeof GlobeIcon }> = {
  public: { label: 'Public', Icon: GlobeIcon },
  members: { label: 'Members only', Icon: MembersIcon },
  private: { label: 'Private: only you', Icon: LockIcon },
};

export function PrivacyIcon({ privacy }: { privacy: Privacy }) {
  const { label, Icon } = PRIVACY[privacy] ?? PRIVACY.public;
  return (
    <span title={label} className="inline-flex items-center text-gray-600">
      <Icon className="size-4" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Cuts a long text at a word boundary. */
export function shorten(text: string, max = CARD_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 100);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface PostCardProps {
  post: PostView;
  variant?: 'card' | 'full';
  /** The heading level of a plant's name (plants only). */
  titleAs?: 'h1' | 'h2' | 'h3';
  /** After the owner deleted it (the cached feeds are already updated). */
  onDeleted?: (post: PostView) => void;
  /**
   * Its photos load at once rather than as they near the view: the first card of a feed, whose
   * photo is most often the largest thing on the first screen (a lazy one waits for layout first).
   */
  eager?: boolean;
  /** How far the plant is from where the reader searched, when known (rounded km). */
  distanceKm?: number | undefined;
}

export function PostCard({ post, variant = 'card', titleAs = 'h3', onDeleted, eager = false, distanceKm }: PostCardProps) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const card = useRef<HTMLElement>(null);
  const kind = KINDS[post.kind];
  const full = variant === 'full';
  const href = kind.href(post.id);
  const noun = kind.noun;
  const name = ownerName(post.owner);
  const mine = auth.loggedIn === true && !!auth.user && auth.user.uuid === post.authorId;
  const report = useReportAction({ type: post.kind, id: post.id });
  const ownerHref = post.owner.handle ? (post.owner.type === 'page' ? pageHref : handleHref)(post.owner.handle) : null;
  const shortened = full ? post.text : shorten(post.text);

  // The hook takes it out of the cached feeds first.
  const remove = useDeletePost((deleted) => {
    setConfirming(false);
    onDeleted?.(deleted);
  });

  // Back from the editor, focus returns to the menu it was opened from.
  const closeEditor = () => {
    setEditing(false);
    card.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
  };

  const comments = post.commentCount;
  const commentLabel = plural(comments, 'comment', 'comments');
  const commentContent = (
    <>
      <CommentIcon className="size-5" />
      <span aria-hidden="true">{formatNumber(comments)}</span>
      <span className="sr-only">{commentLabel}</span>
    </>
  );
  const commentClass = 'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900';

  return (
    <article ref={card} aria-label={kind.label(post, name)} className={`space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 ${full ? 'sm:p-6' : ''}`}>
      <header className="flex items-start gap-3">
        {ownerHref ? (
          <Link to={ownerHref} tabIndex={-1} aria-hidden="true">
            <Avatar src={post.owner.avatar} name={name} />
          </Link>
        ) : (
          <Avatar src={post.owner.avatar} name={name} />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-gray-900">
            {ownerHref ? (
              <Link to={ownerHref} className="hover:text-primary-800 hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-600">
            {full ? (
              <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
                {formatRelative(post.createdAt)}
              </time>
            ) : (
              <Link to={href} className="hover:underline">
                <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
                  {formatRelative(post.createdAt)}
                </time>
                <span className="sr-only">{` — open this ${noun}`}</span>
              </Link>
            )}
            <span aria-hidden="true">·</span>
            <PrivacyIcon privacy={post.privacy} />
          </p>
        </div>
        {mine ? (
          <OwnerMenu
            label={`Actions for this ${noun}`}
            actions={[
              kind.editHref ? { label: 'Edit', to: kind.editHref(post.id) } : { label: 'Edit', onSelect: () => setEditing(true) },
              {
                label: 'Delete',
                danger: true,
                onSelect: () => {
                  remove.reset();
                  setConfirming(true);
                },
              },
            ]}
          />
        ) : report.allowed ? (
          <OwnerMenu label={`Actions for this ${noun}`} actions={[report.action]} />
        ) : null}
        {report.dialog}
      </header>

      {post.kind === 'plant' ? <PlantParts post={post} titleAs={titleAs} full={full} distanceKm={distanceKm} /> : null}

      {editing && mine ? (
        <Suspense fallback={<p className="text-sm text-gray-600">Opening the editor…</p>}>
          <PostEditor post={post} userId={auth.user!.uuid} onClose={closeEditor} />
        </Suspense>
      ) : post.text ? (
        <div className="text-gray-900">
          <p className="break-words whitespace-pre-line">
            <LinkedText text={shortened} />
          </p>
          {shortened !== post.text ? (
            <Link to={href} className="mt-1 inline-block text-sm font-medium text-primary-800 underline underline-offset-2">
              Read more<span className="sr-only">{` of this ${noun}`}</span>
            </Link>
          ) : null}
        </div>
      ) : null}

      <PhotoGrid photos={post.photos} href={href} full={full} eager={eager} />

      {!(editing && mine) && post.tags.length > 0 ? (
        <ul role="list" aria-label="Tags" className="flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link to={tagHref(tag)} className="inline-flex rounded-full bg-gray-100 px-2.5 py-1 text-sm font-medium text-gray-800 hover:bg-primary-50 hover:text-primary-800">
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <footer className="-mx-2 flex flex-wrap items-center gap-1 border-t border-gray-100 pt-1">
        <ReactionButton
          target={{ post_id: post.id }}
          count={post.reactionCount}
          myReactionId={post.myReactionId}
          noun={noun}
          onSaved={({ reactionCount, myReactionId }) => patchPost(queryClient, post.id, { reactionCount, myReactionId })}
        />
        {full ? (
          <a href="#comments" className={commentClass}>
            {commentContent}
          </a>
        ) : (
          <Link to={`${href}#comments`} className={commentClass}>
            {commentContent}
          </Link>
        )}
      </footer>

      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={`Delete this ${noun}?`}
        description={<p>{`It is removed for good, with its comments, likes and photos. This cannot be undone.`}</p>}
      >
        <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title={`Could not delete the ${noun}`} />
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => remove.mutate({ post, userId: auth.user!.uuid })} pending={remove.isPending} pendingLabel="Deleting…">
            {`Delete ${noun}`}
          </Button>
        </div>
      </Dialog>
    </article>
  );
}

/** A plant listing's own parts: its names and availability badge, then its facts (where it is among them). */
function PlantParts({ post, titleAs, full, distanceKm }: { post: PostView; titleAs: 'h1' | 'h2' | 'h3'; full: boolean; distanceKm?: number | undefined }) {
  if (!post.plant) return null;
  const where = distanceKm !== undefined ? <AreaAndDistance area={post.area} km={distanceKm} /> : post.area;
  return (
    <>
      <PlantHeading post={post} as={titleAs} link={!full} />
      <PlantFacts plant={post.plant} full={full} where={where} />
    </>
  );
}

/** "Pyrmont · ~2 km away", in the reader's units. */
function AreaAndDistance({ area, km }: { area: string | undefined; km: number }) {
  const units = useUnits();
  return <>{[area, `${distanceText(km, units)} away`].filter(Boolean).join(' · ')}</>;
}
