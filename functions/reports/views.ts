/**
 * Cases as the queue shows them: each with its target as it is now (text, photo, author, link),
 * read for a whole page in one BatchGet with the people it names.
 */
import type { ReportCaseView } from '../../shared/answers/reports';
import { smallPhotoKey } from '../../shared/content-rules';
import { plantName } from '../../shared/format';
import type { TableKey } from '../db/batch';
import { commentKey, type CommentItem } from '../db/entities/comment';
import { eventKey, type EventItem } from '../db/entities/event';
import type { FormSubmissionItem } from '../db/entities/form-submission';
import { pageKey, type PageItem } from '../db/entities/page';
import { postKey, type PostItem } from '../db/entities/post';
import type { ReportCaseItem } from '../db/entities/report';
import type { MessageItem } from '../db/entities/conversation';
import { reviewKey, type SwapReviewItem } from '../db/items/swap-record';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { usersAnd } from '../users/cards';
import { photoViewsOf } from '../messages/photos';

/** The key of a case's target; null when it cannot be read alone. */
function targetKey(c: ReportCaseItem): TableKey | null {
  switch (c.targetType) {
    case 'post':
    case 'plant':
      return postKey(c.targetId);
    case 'comment':
      return c.parentId && c.locator ? commentKey(c.parentId, c.locator) : null;
    case 'user':
      return null;
    case 'page':
      return pageKey(c.targetId);
    case 'event':
      return eventKey(c.targetId);
    case 'message':
      return c.parentId && c.locator ? { pk: `conv#${c.parentId}`, sk: `msg#${c.locator}#${c.targetId}` } : null;
    case 'contact':
      return { pk: `form#${c.targetId}`, sk: 'form' };
    case 'review':
      return c.parentId && (c.locator === 'owner' || c.locator === 'requester') ? reviewKey(c.parentId, c.locator) : null;
  }
}

const keyOf = (k: TableKey) => `${k.pk}|${k.sk}`;

type Person = NonNullable<ReportCaseView['closedBy']>;

function personOf(users: Map<string, UserItem>, id: string | undefined): Person | null {
  if (!id) return null;
  const u = users.get(id);
  if (!u || u.deletedAt || !u.username) return { id, handle: null, name: 'Former member' };
  return { id, handle: u.username, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username };
}

type Preview = ReportCaseView['preview'];

/** Where an admin answers a contact form: its author's address while the account lives. */
const replyAddress = (u: UserItem | undefined): string | null => (u && !u.deletedAt && u.email ? u.email : null);

const GONE = (author: Person | null): Preview => ({ text: null, photo: null, author, link: null, state: 'gone' });

function previewOf(c: ReportCaseItem, raw: Record<string, unknown> | undefined, users: Map<string, UserItem>): Preview {
  const author = personOf(users, c.authorId);
  if (!raw) return GONE(author);
  const e = db().entities;
  switch (c.targetType) {
    case 'post':
    case 'plant': {
      const p = e.post.parse({ Item: raw }).data as PostItem | null;
      if (!p || p.deletedAt) return GONE(author);
      const common = (p.plant as { commonName?: string } | undefined)?.commonName;
      const photo = p.photos[0];
      return {
        text: [common ? plantName(common) : '', p.text].filter(Boolean).join(' — ') || null,
        photo: photo ? (photo.small ? smallPhotoKey(photo.key) : photo.key) : null,
        author,
        link: `/${p.kind}/${p.id}`,
        state: p.hiddenAt ? 'hidden' : 'live',
      };
    }
    case 'comment': {
      const m = e.comment.parse({ Item: raw }).data as CommentItem | null;
      if (!m) return GONE(author);
      return { text: m.content, photo: null, author, link: `/post/${m.postId}`, state: m.hiddenAt ? 'hidden' : 'live' };
    }
    case 'user':
      return userPreview(c, users.get(c.targetId), users);
    case 'page': {
      const p = e.page.parse({ Item: raw }).data as PageItem | null;
      if (!p || p.deletedAt) return GONE(author);
      return { text: [p.name, p.about].filter(Boolean).join(' — '), photo: p.avatar ?? null, author, link: `/${p.handle}`, state: p.hiddenAt ? 'hidden' : 'live' };
    }
    case 'event': {
      const v = e.event.parse({ Item: raw }).data as EventItem | null;
      if (!v || v.deletedAt) return GONE(author);
      return { text: [v.title, v.description].filter(Boolean).join(' — '), photo: null, author, link: `/event/${v.randomId}`, state: v.hiddenAt ? 'hidden' : 'live' };
    }
    case 'message': {
      const m = e.message.parse({ Item: raw }).data;
      if (!m) return GONE(author);
      return { text: m.content, photo: null, author, link: null, state: m.hiddenAt ? 'hidden' : 'live' };
    }
    case 'review': {
      const r = raw as unknown as SwapReviewItem;
      const stars = `${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)} (${r.rating} of 5)`;
      return { text: [stars, r.wasSafe ? 'Felt safe' : 'Did not feel safe', r.text].filter(Boolean).join(' — '), photo: null, author, link: null, state: r.hiddenAt ? 'hidden' : 'live' };
    }
    case 'contact': {
      const f = e.formSubmission.parse({ Item: raw }).data as FormSubmissionItem | null;
      if (!f) return GONE(author);
      return { text: `${f.subject}\n\n${f.message}`, photo: null, author, link: f.targetPath ?? null, state: 'live' };
    }
  }
}

export function caseView(c: ReportCaseItem, preview: Preview, users: Map<string, UserItem>): ReportCaseView {
  return {
    id: c.id,
    state: c.state,
    target: { type: c.targetType, id: c.targetId },
    preview,
    reporterCount: c.reporterCount,
    reasons: { spam: c.spam, abuse: c.abuse, unsafe: c.unsafe, other: c.other },
    texts: c.texts,
    openedAt: c.openedAt,
    lastReportAt: c.lastReportAt,
    closedAt: c.closedAt ?? null,
    closedBy: personOf(users, c.closedBy),
    action: c.action ?? null,
    note: c.note ?? null,
    replyTo: c.targetType === 'contact' ? replyAddress(users.get(c.authorId ?? '')) : null,
  };
}

/** A page of cases with their targets and people: one BatchGet (a reported member is among the people: their own author). */
export async function caseViews(cases: ReportCaseItem[]): Promise<ReportCaseView[]> {
  const keys = cases.map((c) => (c.targetType === 'user' ? null : targetKey(c)));
  const people = cases.flatMap((c) => [c.authorId, c.closedBy, c.targetType === 'user' ? c.targetId : undefined].filter((x): x is string => !!x));
  const { users, others } = await usersAnd(people, keys.filter((k): k is TableKey => !!k));
  const byKey = new Map(others.map((o) => [`${String(o.pk)}|${String(o.sk)}`, o]));
  return Promise.all(
    cases.map(async (c, i) => {
      const k = keys[i];
      const raw = k ? byKey.get(keyOf(k)) : undefined;
      const preview = c.targetType === 'user' ? userPreview(c, users.get(c.targetId), users) : previewOf(c, raw, users);
      return caseView(c, c.targetType === 'message' && raw ? await withMessagePhotos(preview, raw) : preview, users);
    }),
  );
}

/** A reported message's photos, signed for the admin reading the queue (none once it is hidden). */
async function withMessagePhotos(preview: Preview, raw: Record<string, unknown>): Promise<Preview> {
  const m = db().entities.message.parse({ Item: raw }).data as MessageItem | null;
  const photos = m ? await photoViewsOf(m) : undefined;
  return photos ? { ...preview, photoUrls: photos.map((p) => p.smallUrl ?? p.url) } : preview;
}

function userPreview(c: ReportCaseItem, u: UserItem | undefined, users: Map<string, UserItem>): Preview {
  const author = personOf(users, c.authorId);
  if (!u || u.deletedAt || !u.username) return GONE(author);
  return { text: u.bio || null, photo: u.avatar ?? null, author, link: `/${u.username}`, state: 'live' };
}
