/** Site settings: name, value, data type (default string) and whether guests may read it. */
import * as z from 'zod/mini';
import { smsSettingProblem } from '../sms-settings';
import './locale';

export const SETTING_DATA_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type SettingDataType = (typeof SETTING_DATA_TYPES)[number];

export const settingName = z
  .string({ message: 'must be text' })
  .check(z.regex(/^[a-z][a-z0-9_]{1,63}$/, { message: 'must be 2-64 characters of a-z, 0-9 and _, starting with a letter' }));

export const updateSiteSettingInput = z
  .strictObject({
    name: settingName,
    value: z.string({ message: 'must be text' }).check(z.maxLength(10_000, { message: 'must be at most 10000 characters' })),
    dataType: z._default(z.enum(SETTING_DATA_TYPES, { message: `must be one of ${SETTING_DATA_TYPES.join(', ')}` }), 'string'),
    isPublic: z._default(z.boolean({ message: 'must be true or false' }), false),
  })
  .check(
    z.superRefine((s, ctx) => {
      if (parseSettingValue(s.value, s.dataType) === undefined) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `is not a valid ${s.dataType}` });
      }
      const sms = smsSettingProblem(s.name, s.value, s.dataType);
      if (sms) ctx.addIssue({ code: 'custom', path: [sms.field], message: sms.message });
    }),
  );
export type UpdateSiteSettingInput = z.infer<typeof updateSiteSettingInput>;

/** The typed value of a stored setting, or undefined when the text does not fit its type. */
export function parseSettingValue(value: string, dataType: SettingDataType): string | number | boolean | object | undefined {
  switch (dataType) {
    case 'string':
      return value;
    case 'number': {
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'json':
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
      } catch {
        return undefined;
      }
  }
}

/** The site's own long texts (Markdown), each shown on its own screen and never in get-site. */
export const SITE_TEXT_NAMES = ['about', 'terms-of-use', 'privacy-policy'] as const;
export type SiteTextName = (typeof SITE_TEXT_NAMES)[number];
export const SITE_TEXT_MAX_LENGTH = 100_000;

export const siteTextName = z.enum(SITE_TEXT_NAMES, { message: `must be one of ${SITE_TEXT_NAMES.join(', ')}` });

/** `page`: what the text's screen shows (its HTML, not its Markdown); `edit` (the default): both, for the admin's editor. */
export const SITE_TEXT_VIEWS = ['page', 'edit'] as const;
export const siteTextInput = z.strictObject({
  name: siteTextName,
  view: z.optional(z.enum(SITE_TEXT_VIEWS, { message: 'must be page or edit' })),
});

/** An empty text takes the page back to its default until an admin writes one again. */
export const updateSiteTextInput = z.strictObject({
  name: siteTextName,
  markdown: z
    .string({ message: 'must be text' })
    .check(z.maxLength(SITE_TEXT_MAX_LENGTH, { message: `must be at most ${SITE_TEXT_MAX_LENGTH} characters` })),
});
export type UpdateSiteTextInput = z.infer<typeof updateSiteTextInput>;
