/** Business constants of the product (list sizes, timings, session names) shared by the server and the SPA. */

/** A member's answer for one date of an event (GOING beyond the capacity waits on the waitlist). */
export const ATTENDANCE_STATUSES = ['MAYBE', 'GOING', 'NOT_GOING'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Who sees an event: anyone, or signed-in members only. */
export const EVENT_PRIVACIES = ['public', 'members'] as const;
export type EventPrivacy = (typeof EVENT_PRIVACIES)[number];

/** The settings that let a kind of e-mail be sent, each one an unsubscribe link can turn off. */
export const MAIL_SETTINGS = ['notify_email_messages', 'notify_email_comments', 'notify_email_events', 'notify_email_announcements', 'notify_email_wanted'] as const;
export type MailSetting = (typeof MAIL_SETTINGS)[number];

export const FEED_FILTERS = ['postsAll', 'plantsAll', 'plantsAvail', 'news'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];

/** Items on one page of a list (feeds, tags, notifications, members) unless a route takes its own size. */
export const PAGE_SIZE = 20;

/**
 * The distances "nearby" offers, in km: the screens' choices and the member's "nearby means
 * within" setting alike. 100 km is the widest the geohash indexes serve in one read (nine cells
 * of precision 2 at mid latitudes), for people outside cities.
 */
export const NEARBY_RADII_KM = [1, 5, 10, 25, 50, 100] as const;
export const NEARBY_RADIUS_MAX_KM = 100;

/**
 * Longest cursor any list takes, in characters: an ElectroDB key cursor, the longest kind. Every
 * cursor input is held to it; each list then refuses (400) a cursor it did not hand out
 * (functions/lib/paging.ts).
 */
export const CURSOR_MAX_LENGTH = 2000;

/** Pause after loading more feed items, in milliseconds. */
export const FEED_MORE_PAUSE_MS = 250;
/** The unread-notification tally is re-checked at most this often unless forced. */
export const NOTIFICATION_TALLY_THROTTLE_MS = 10_000;
/** How often the SPA checks that the session is still alive. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/** The refresh-token cookie lives this long. */
export const REFRESH_COOKIE_MAX_AGE_DAYS = 400;
/** Access tokens are short lived and verified without a database read. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Retries of idempotent requests: attempts and the delay unit (delay = unit × attempt). */
export const REQUEST_RETRY_ATTEMPTS = 3;
export const REQUEST_RETRY_DELAY_MS = 100;

/** Header every API call carries. */
export const CLIENT_PLATFORM_HEADER = 'client-platform';
export const CLIENT_PLATFORM_BROWSER = 'browser';

/** Session cookie names: `__Host-` so that they are bound to the origin, path `/`, Secure. */
export const ACCESS_COOKIE = '__Host-access';
export const REFRESH_COOKIE = '__Host-refresh';

/** Largest JSON body a route accepts, in bytes (images never pass through the API). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * How long a browser or the CDN may keep an image (post and plant photos, avatars). Photo keys are
 * unguessable but public: after a post is deleted or its audience narrowed (its photos then move to
 * new keys and the old objects are removed), an old URL keeps working at most this long.
 */
export const IMAGE_CACHE_SECONDS = 60 * 60;
/**
 * A guest's "Near you" answer is the same for everyone in its ~5 km cell: CloudFront keeps it this
 * long (infra/aws/near-you-cache.ts; `s-maxage`, browsers keep none), so a hidden or deleted item
 * may show in it that long.
 */
export const NEAR_YOU_CACHE_SECONDS = 60;
/**
 * The headers CloudFront's viewer-request function sets on "Near you" requests (its cache key:
 * infra/aws/near-you-cache.ts). The cell header says `invalid` for a request keyed apart as one
 * the API may refuse: the API then lets no cache keep its answer, whatever it is.
 */
export const NEAR_YOU_VIEWER_HEADER = 'x-near-you-viewer';
export const NEAR_YOU_CELL_HEADER = 'x-near-you-cell';
export const NEAR_YOU_INVALID = 'invalid';

/** What brings a member here, as chosen at registration or in their profile. */
export const MOTIVATIONS = ['swap', 'sell', 'give-away', 'learn', 'meet', 'organise'] as const;
export type Motivation = (typeof MOTIVATIONS)[number];
