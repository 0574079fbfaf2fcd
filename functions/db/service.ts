/**
 * All entities grouped in one ElectroDB Service over the shared clients, so that collections can
 * fetch related items in one Query. Handlers and domain modules import `db()` from here.
 */
import { Service } from 'electrodb';
import { documentClient, tableName } from './client';
import { EmailClaim, HandleClaim } from './entities/claims';
import { Comment, CommentClaim, CommentReaction, PostReaction, ReactionNotice } from './entities/comment';
import { Conversation, ConversationMember } from './entities/conversation';
import { EmailToken } from './entities/email-token';
import { FormSubmission } from './entities/form-submission';
import { Invite } from './entities/invite';
import { Notification, NotificationTally } from './entities/notification';
import { PendingUpload } from './entities/pending-upload';
import { PhoneCheck } from './entities/phone-check';
import { Post, TagLink } from './entities/post';
import { RateLimit } from './entities/rate-limit';
import { RelistJob } from './entities/relist-job';
import { Session } from './entities/session';
import { SiteSetting } from './entities/site-setting';
import { Tag } from './entities/tag';
import { User } from './entities/user';
import { UserSettingsEntity } from './entities/user-settings';

export const entities = {
  siteSetting: SiteSetting,
  formSubmission: FormSubmission,
  user: User,
  emailClaim: EmailClaim,
  handleClaim: HandleClaim,
  session: Session,
  emailToken: EmailToken,
  rateLimit: RateLimit,
  userSettings: UserSettingsEntity,
  invite: Invite,
  phoneCheck: PhoneCheck,
  conversation: Conversation,
  conversationMember: ConversationMember,
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
};

function build() {
  return new Service(
    entities,
    { client: documentClient(), table: tableName() },
  );
}

let service: ReturnType<typeof build> | undefined;

export function db(): ReturnType<typeof build> {
  service ??= build();
  return service;
}
