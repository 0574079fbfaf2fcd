/**
 * The entities over the shared clients. Handlers and domain modules import `db()` from here.
 *
 * Each entity module exports a factory, and `db().entities.<name>` builds its entity on first
 * use: ElectroDB checks a model against its JSON schema when the entity is made (a few ms each),
 * so a route pays for the entities it touches, not for all of them at import time. The `thread`
 * collection (`threadCollection()`) is a Service of the two entities it joins, made on first use too.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Service, type ServiceConfiguration } from 'electrodb';
import { documentClient, tableName } from './client';
import { EmailClaim, HandleClaim } from './entities/claims';
import { Comment, CommentClaim, CommentReaction, PostReaction, ReactionNotice } from './entities/comment';
import { Block, Conversation, ConversationParticipant, Message, MessageClaim, MessageTally } from './entities/conversation';
import { EmailToken } from './entities/email-token';
import { Event, EventAttendance, EventDate, EventLocation, EventRandomId } from './entities/event';
import { FormSubmission } from './entities/form-submission';
import { Invite } from './entities/invite';
import { Notification, NotificationTally } from './entities/notification';
import { OwnerIdClaim } from './entities/owner';
import { Page, PageMember, PageTagLink } from './entities/page';
import { PendingUpload } from './entities/pending-upload';
import { PhoneCheck } from './entities/phone-check';
import { Post, TagLink } from './entities/post';
import { RateLimit } from './entities/rate-limit';
import { ReportCase, ReportFiling, ReportOpen } from './entities/report';
import { Swap, SwapOpen } from './entities/swap';
import { RealtimeConnection, RealtimeTicket } from './entities/realtime';
import { RelistJob } from './entities/relist-job';
import { Session } from './entities/session';
import { SiteSetting, SiteText } from './entities/site-setting';
import { Tag } from './entities/tag';
import { Interest } from './entities/interest';
import { TagDeleteJob } from './entities/tag-delete-job';
import { User } from './entities/user';
import { UserSettingsEntity } from './entities/user-settings';

const factories = {
  siteSetting: SiteSetting,
  siteText: SiteText,
  formSubmission: FormSubmission,
  user: User,
  emailClaim: EmailClaim,
  handleClaim: HandleClaim,
  ownerIdClaim: OwnerIdClaim,
  session: Session,
  emailToken: EmailToken,
  rateLimit: RateLimit,
  userSettings: UserSettingsEntity,
  invite: Invite,
  phoneCheck: PhoneCheck,
  conversation: Conversation,
  conversationParticipant: ConversationParticipant,
  message: Message,
  messageClaim: MessageClaim,
  messageTally: MessageTally,
  block: Block,
  realtimeTicket: RealtimeTicket,
  realtimeConnection: RealtimeConnection,
  tag: Tag,
  notification: Notification,
  notificationTally: NotificationTally,
  pendingUpload: PendingUpload,
  post: Post,
  relistJob: RelistJob,
  tagLink: TagLink,
  comment: Comment,
  commentClaim: CommentClaim,
  postReaction: PostReaction,
  commentReaction: CommentReaction,
  reactionNotice: ReactionNotice,
  page: Page,
  pageMember: PageMember,
  pageTagLink: PageTagLink,
  event: Event,
  eventDate: EventDate,
  eventAttendance: EventAttendance,
  eventLocation: EventLocation,
  eventRandomId: EventRandomId,
  interest: Interest,
  tagDeleteJob: TagDeleteJob,
  reportCase: ReportCase,
  reportOpen: ReportOpen,
  reportFiling: ReportFiling,
  swap: Swap,
  swapOpen: SwapOpen,
};

export type Entities = { [K in keyof typeof factories]: ReturnType<(typeof factories)[K]> };
type EntityName = keyof Entities;

/** The entity a factory makes, over `client` and `table` (the local seed passes its own client). */
export function entityOver<E extends { setClient(client: DynamoDBDocumentClient): void; setTableName(name: string): void }>(
  factory: () => E,
  client: DynamoDBDocumentClient,
  table: string,
): E {
  const entity = factory();
  entity.setClient(client);
  entity.setTableName(table);
  return entity;
}

/** An object whose properties build their entity (with the shared client and table) when first read. */
function lazyEntities(): Entities {
  const made: Partial<Record<EntityName, Entities[EntityName]>> = {};
  const out = {} as Entities;
  for (const name of Object.keys(factories) as EntityName[]) {
    Object.defineProperty(out, name, {
      enumerable: true,
      get() {
        // One factory per name: the union of factories is called as the plain function each is.
        return (made[name] ??= entityOver(factories[name] as () => Entities[EntityName], documentClient(), tableName()));
      },
    });
  }
  return out;
}

/** The Service of the `thread` collection: a post's comments and their reactions, in path order (see entities/comment.ts). */
export function threadService(e: Pick<Entities, 'comment' | 'commentReaction'>, config: ServiceConfiguration) {
  return new Service({ comment: e.comment, commentReaction: e.commentReaction }, config);
}

function build() {
  return { entities: lazyEntities() };
}

let service: ReturnType<typeof build> | undefined;

export function db(): ReturnType<typeof build> {
  service ??= build();
  return service;
}

let thread: ReturnType<typeof threadService> | undefined;

/** The `thread` collection's query: `threadCollection()({ postId, path })` reads a post's comments (or a subtree) with their reactions. */
export function threadCollection() {
  thread ??= threadService(db().entities, { client: documentClient(), table: tableName() });
  return thread.collections.thread;
}
