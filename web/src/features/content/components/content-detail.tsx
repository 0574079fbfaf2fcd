/**
 * A post's or plant's own page: the item in full, its comments and the people who responded.
 * One public route serves guests and members (it reads the session cookie when there is one);
 * an item that does not exist or may not be seen is the not-found page.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PostDetail } from '@shared/answers/feeds';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { paths, swapsHref } from '@/config/paths';
import { useMyPages } from '@/lib/my-pages';
import { isPageStaff } from '@shared/page-roles';
import { useAuth } from '@/lib/auth/auth-store';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api';
import { getPlant, plantQuery, getPost, postQuery } from '../api/posts';
import { isUuid, viewerOf, viewerReady } from '@/lib/ids';
import { CommentThread, type DetailUpdate } from './comment-thread';
import { FeedSkeleton } from './feed';
import { plantName } from './plant-details';
import { ownerName, PostCard } from './post-card';
import { Responders } from './responders';

type Kind = 'post' | 'plant';

export function useContentDetail(kind: Kind, id: string) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const valid = isUuid(id);
  const detail = kind === 'plant' ? plantQuery(viewer, id) : postQuery(viewer, id);
  const query = useQuery({ ...detail, enabled: valid && viewerReady(auth) });
  return { query, key: detail.queryKey, valid };
}

const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** What an available listing offers beside "Ask about this plant" (the plant screen puts "Ask to swap" there). */
export type PlantSwapSlot = (listing: { plantId: string; plantName: string; ownerName: string }) => ReactNode;

export function ContentDetail({ kind, id, swap }: { kind: Kind; id: string; swap?: PlantSwapSlot }) {
  const { query, key, valid } = useContentDetail(kind, id);
  // The not-found page names itself: nothing below may set the title then.
  if (!valid || (query.isError && isMissing(query.error))) return <NotFoundScreen />;
  return <DetailView kind={kind} query={query} queryKey={key} {...(swap ? { swap } : {})} />;
}

function DetailView({ kind, query, queryKey, swap }: { kind: Kind; query: UseQueryResult<PostDetail>; queryKey: readonly unknown[]; swap?: PlantSwapSlot }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { hash, state } = useLocation();
  // A nearby list that linked here says how far the plant is from where the reader searched.
  const distanceKm = typeof (state as { distanceKm?: unknown } | null)?.distanceKm === 'number' ? (state as { distanceKm: number }).distanceKm : undefined;
  const detail = query.data;
  const heading = detailTitle(kind, detail);
  useDocumentTitle(heading);
  const loaded = detail !== undefined;

  // A link to #comments arrives before the comments do: scroll there once they are shown.
  useEffect(() => {
    if (loaded && hash === '#comments') document.getElementById('comments')?.scrollIntoView?.();
  }, [loaded, hash]);

  const onUpdate: DetailUpdate = (update) => queryClient.setQueryData<PostDetail>(queryKey, (d) => (d ? update(d) : d));

  if (query.isError && !detail) {
    return (
      <article className="space-y-4">
        <h1 className="text-2xl font-semibold text-gray-900">{heading}</h1>
        <FormAlert message={failureMessage(query.error)} title={`Could not load this ${kind}`}>
          <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()} pending={query.isFetching} pendingLabel="Retrying…">
            Try again
          </Button>
        </FormAlert>
      </article>
    );
  }

  if (!detail) {
    return (
      <article className="space-y-4">
        <h1 className="sr-only">{heading}</h1>
        <FeedSkeleton label={`Loading the ${kind}…`} cards={1} />
      </article>
    );
  }

  const { post } = detail;
  const plantTitle = post.kind === 'plant' && post.plant !== null;

  return (
    <article className="space-y-6" aria-label={heading}>
      {plantTitle ? null : <h1 className="text-xl font-semibold break-words text-gray-900 sm:text-2xl">{heading}</h1>}
      <PostCard
        post={post}
        variant="full"
        titleAs={plantTitle ? 'h1' : 'h2'}
        distanceKm={distanceKm}
        onDeleted={(p) => {
          queryClient.removeQueries({ queryKey, exact: true });
          void navigate(p.kind === 'plant' ? '/profile/plants' : paths.profile, {
            replace: true,
            state: { notice: `Your ${p.kind === 'plant' ? 'plant' : 'post'} was deleted.` },
          });
        }}
      />
      {post.kind === 'plant' ? <AskAboutPlant post={post} {...(swap ? { swap } : {})} /> : null}
      <CommentThread detail={detail} onUpdate={onUpdate} />
      {detail.commentsCursor ? <MoreComments kind={kind} id={post.id} cursor={detail.commentsCursor} onUpdate={onUpdate} /> : null}
      {/* The conversation is the comments: its people are their authors (so one's own comment counts at
          once, from the thread as it now stands); a like is not a word in it, and is listed apart. */}
      <Responders title="People in this conversation" responders={detail.comments.map((c) => c.author)} empty="Nobody has commented yet." />
      {detail.responders.length > 0 ? <Responders title="Liked by" responders={detail.responders} empty="" /> : null}
    </article>
  );
}

/**
 * "Ask about this plant": a conversation with its owner (a member, or a page) that starts by
 * quoting the listing; and, while it is available, "Ask to swap". Its owner is shown where the
 * requests on their listings are.
 */
function AskAboutPlant({ post, swap }: { post: PostDetail['post']; swap?: PlantSwapSlot }) {
  const auth = useAuth();
  const me = auth.user?.username;
  const owner = post.owner;
  // A page's admins and moderators answer its listings' requests: they are led there, not asked to ask.
  const myPages = useMyPages(auth.user?.uuid ?? '', auth.loggedIn === true && owner.type === 'page');
  const staffOfOwner = owner.type === 'page' && (myPages.data?.pages ?? []).some((p) => p.id === owner.id && isPageStaff(p.my.role));
  if (!auth.loggedIn || !me) return null;
  if (staffOfOwner && owner.handle) {
    return (
      <Link to={swapsHref(owner.handle)} className="inline-flex min-h-11 items-center font-semibold text-primary-800 underline underline-offset-2">
        Requests on this page&apos;s listings
      </Link>
    );
  }
  if (owner.id === auth.user?.uuid) {
    return (
      <Link to={paths.swaps} className="inline-flex min-h-11 items-center font-semibold text-primary-800 underline underline-offset-2">
        Requests on your listings
      </Link>
    );
  }
  if (!owner.handle) return null;
  const href =
    owner.type === 'page'
      ? `${paths.messages}/${encodeURIComponent(me)}/to/${encodeURIComponent(owner.handle)}?plant=${encodeURIComponent(post.id)}`
      : `${paths.messages}/${encodeURIComponent(owner.handle)}?plant=${encodeURIComponent(post.id)}`;
  return (
    <div className="space-y-3">
      <Link to={href} className="inline-flex min-h-11 items-center rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800">
        Ask about this plant
      </Link>
      {post.available && swap ? swap({ plantId: post.id, plantName: post.plant ? plantName(post.plant) : 'this plant', ownerName: ownerName(post.owner) }) : null}
    </div>
  );
}

function detailTitle(kind: Kind, detail: PostDetail | undefined): string {
  if (!detail) return kind === 'plant' ? 'Plant listing' : 'Post';
  const { post } = detail;
  if (post.kind === 'plant' && post.plant) return plantName(post.plant);
  return `${post.kind === 'plant' ? 'Plant listed' : 'Post'} by ${ownerName(post.owner)}`;
}

/** Long threads come in pages: the next page's comments follow the ones shown, in thread order. */
function MoreComments({ kind, id, cursor, onUpdate }: { kind: Kind; id: string; cursor: string; onUpdate: DetailUpdate }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function load() {
    setPending(true);
    setError(null);
    try {
      const next = kind === 'plant' ? await getPlant(id, undefined, cursor) : await getPost(id, undefined, cursor);
      onUpdate((d) => {
        const known = new Set(d.comments.map((c) => c.id));
        return { ...d, comments: [...d.comments, ...next.comments.filter((c) => !known.has(c.id))], commentsCursor: next.commentsCursor ?? null };
      });
    } catch (err) {
      setError(`More comments could not be loaded: ${failureMessage(err)}`);
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void load()} pending={pending} pendingLabel="Loading comments…">
        Show more comments
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-red-800">
          {error}
        </span>
      ) : null}
    </div>
  );
}
