/** Inputs of the admin routes' data care: the counters check and its repair. */
import * as z from 'zod/mini';
import { FEED_FILTERS } from '../constants';
import { normaliseTagName, TAG_NAME_PATTERN } from '../tag-rules';
import { cursor, latitude, longitude, text, uuid } from './common';
import './locale';

export const COUNTER_AUDIENCES = ['public', 'members', 'owner', 'all'] as const;
/** The site scope's counts (audience `all`). */
export const SITE_COUNTER_FIELDS = ['members', 'pages', 'events'] as const;
const COUNTER_FIELDS = [...FEED_FILTERS, ...SITE_COUNTER_FIELDS] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A counter scope as written (`global`, `site`, `user#<id>`, `page#<id>`, `tag#<name>`), normalised; null when it is none. */
export function normaliseCounterScope(text: string): string | null {
  const s = text.trim();
  if (s.toLowerCase() === 'global') return 'global';
  if (s.toLowerCase() === 'site') return 'site';
  const m = /^(user|page|tag)#(.+)$/i.exec(s);
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  if (kind === 'tag') {
    const tag = normaliseTagName(m[2]!);
    return TAG_NAME_PATTERN.test(tag) ? `tag#${tag}` : null;
  }
  const id = m[2]!.toLowerCase();
  return UUID.test(id) ? `${kind}#${id}` : null;
}

export const counterScope = z
  .pipe(z.string({ message: 'must be text' }).check(z.maxLength(200, { message: 'must be at most 200 characters' })), z.transform((s) => normaliseCounterScope(s) ?? ''))
  .check(z.refine((s) => s !== '', { message: 'must be global, site, user#<id>, page#<id> or tag#<name>' }));

export const RECOUNT_BATCH_MAX = 1000;

export const recountInput = z.strictObject({
  scope: counterScope,
  cursorId: z.optional(cursor),
  /** Items read in this call (default and most: RECOUNT_BATCH_MAX). */
  limit: z.optional(
    z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number' }), z.minimum(1, { message: 'must be at least 1' }), z.maximum(RECOUNT_BATCH_MAX, { message: `must be at most ${RECOUNT_BATCH_MAX}` })),
  ),
});

const count = () => z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number' }), z.minimum(0, { message: 'must be 0 or more' }));

export const repairCounterInput = z
  .strictObject({
    scope: counterScope,
    audience: z.enum(COUNTER_AUDIENCES, { message: `must be one of ${COUNTER_AUDIENCES.join(', ')}` }),
    field: z.enum(COUNTER_FIELDS, { message: `must be one of ${COUNTER_FIELDS.join(', ')}` }),
    stored: z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number' })),
    recounted: count(),
  })
  .check(
    z.superRefine((s, ctx) => {
      if (s.audience === 'owner' && !/^(user|page)#/.test(s.scope)) ctx.addIssue({ code: 'custom', path: ['audience'], message: 'owner is only a member\'s or a page\'s counter' });
      const site = s.scope === 'site';
      if (site !== (s.audience === 'all')) ctx.addIssue({ code: 'custom', path: ['audience'], message: site ? 'must be all for the site scope' : 'all is only the site scope\'s counter' });
      if (site !== (SITE_COUNTER_FIELDS as readonly string[]).includes(s.field)) {
        ctx.addIssue({ code: 'custom', path: ['field'], message: site ? `must be one of ${SITE_COUNTER_FIELDS.join(', ')} for the site scope` : `must be one of ${FEED_FILTERS.join(', ')}` });
      }
    }),
  );
export type RepairCounterInput = z.infer<typeof repairCounterInput>;

/** Who an announcement goes to: every registered member, or those near a point (the members' nearby index). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'near'] as const;
export const ANNOUNCEMENT_SUBJECT_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 20_000;
export const ANNOUNCEMENT_RADIUS_MAX_KM = 150;
export const announcementAudienceInput = z.strictObject({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { message: 'must be all or near' }),
  latitude: z.optional(latitude),
  longitude: z.optional(longitude),
  radiusKm: z.optional(
    z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number of kilometres' }), z.gte(1, { message: 'must be at least 1' }), z.lte(ANNOUNCEMENT_RADIUS_MAX_KM, { message: `must be at most ${ANNOUNCEMENT_RADIUS_MAX_KM}` })),
  ),
});
export const startAnnouncementInput = z.strictObject({
  ...announcementAudienceInput.shape,
  subject: text(1, ANNOUNCEMENT_SUBJECT_MAX),
  text: text(1, ANNOUNCEMENT_TEXT_MAX),
});
export const announcementParams = z.strictObject({ id: uuid });
