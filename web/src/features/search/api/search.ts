/** Search by term: members, pages, tags, posts, plants and upcoming events, grouped by kind. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '@shared/answers/search';
import { normaliseSearchText } from '@shared/format';
import { api } from '@/lib/api';
import { eventHref, handleHref, plantHref, postHref, tagHref } from '@/config/paths';
import { imageUrl } from '@/lib/images';
import { formatDateTime } from '@/lib/format-date';

/** Whether a term is worth asking for: at least 2 letters or digits. */
export const searchable = (term: string) => normaliseSearchText(term).length >= 2;

export function useSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: ['search', q.toLowerCase()],
    queryFn: ({ signal }) => api.call('GET /api/iam/search/term/{term}', { term: q }, { signal }),
    enabled: searchable(q),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export type HitKind = keyof SearchResults;

/** One result as a row draws it: where it goes, what it says, its picture. */
export interface Hit {
  kind: HitKind;
  key: string;
  href: string;
  title: string;
  detail: string;
  image: string | null;
}

export const KIND_LABELS: Record<HitKind, string> = { users: 'Members', pages: 'Pages', tags: 'Tags', posts: 'Posts', plants: 'Plants', events: 'Events' };
export const KIND_ORDER: readonly HitKind[] = ['users', 'pages', 'plants', 'posts', 'events', 'tags'];


/** The results as rows, by kind in KIND_ORDER. */
export function hitsOf(r: SearchResults): Record<HitKind, Hit[]> {
  return {
    users: r.users.map((u) => ({ kind: 'users', key: `u-${u.id}`, href: handleHref(u.username), title: u.name, detail: `@${u.username}`, image: u.avatar ? imageUrl(u.avatar) : null })),
    pages: r.pages.map((p) => ({ kind: 'pages', key: `g-${p.id}`, href: handleHref(p.handle), title: p.name, detail: `@${p.handle}`, image: p.avatar ? imageUrl(p.avatar) : null })),
    tags: r.tags.map((t) => ({ kind: 'tags', key: `t-${t.name}`, href: tagHref(t.name), title: `#${t.name}`, detail: `${t.usageCount} uses`, image: null })),
    posts: r.posts.map((p) => ({ kind: 'posts', key: `p-${p.id}`, href: postHref(p.id), title: p.snippet || 'A post', detail: p.owner.name, image: p.photo ? imageUrl(p.photo) : null })),
    plants: r.plants.map((p) => ({
      kind: 'plants', key: `l-${p.id}`, href: plantHref(p.id), title: p.commonName, detail: [p.botanicalName, p.availability, p.owner.name].filter(Boolean).join(' · '), image: p.photo ? imageUrl(p.photo) : null,
    })),
    events: r.events.map((e) => ({ kind: 'events', key: `e-${e.id}`, href: eventHref(e.randomId), title: e.title, detail: [formatDateTime(e.startsAt), e.place].filter(Boolean).join(' · '), image: null })),
  };
}
