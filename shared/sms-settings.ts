/**
 * The site settings that bound what phone verification may cost (SMS pumping): a daily budget of
 * texts for the whole site and an optional allow-list of countries. Shared so that the admin
 * form, the admin route's validation and the server read them alike.
 */

export const SMS_SETTING_NAMES = {
  /** Texts the site may send per UTC day (a whole number; 0 stops phone verification). */
  dailyBudget: 'sms_daily_budget',
  /** ISO 3166 country codes, comma-separated (e.g. `AU,NZ`); empty or unset: every country. */
  allowedCountries: 'sms_allowed_countries',
} as const;

export const DEFAULT_SMS_DAILY_BUDGET = 500;
export const MAX_SMS_DAILY_BUDGET = 1_000_000;

/** The budget a stored value holds, or undefined when it is not a whole number in range. */
export function parseSmsDailyBudget(value: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_SMS_DAILY_BUDGET ? n : undefined;
}

/** The upper-case codes of a stored list; [] for an empty value; undefined when it is not a list of two-letter codes. */
export function parseCountryList(value: string): string[] | undefined {
  if (value.trim() === '') return [];
  const codes = value.split(',').map((c) => c.trim().toUpperCase());
  return codes.every((c) => /^[A-Z]{2}$/.test(c)) ? codes : undefined;
}

/** Why a value cannot be stored under one of these names (the field and the rule), or null. */
export function smsSettingProblem(name: string, value: string, dataType: string): { field: 'value' | 'dataType'; message: string } | null {
  switch (name) {
    case SMS_SETTING_NAMES.dailyBudget:
      if (dataType !== 'number') return { field: 'dataType', message: `must be number for ${name}` };
      if (parseSmsDailyBudget(value) === undefined) {
        return { field: 'value', message: `must be a whole number of text messages a day, from 0 to ${MAX_SMS_DAILY_BUDGET}` };
      }
      return null;
    case SMS_SETTING_NAMES.allowedCountries:
      if (dataType !== 'string') return { field: 'dataType', message: `must be string for ${name}` };
      if (parseCountryList(value) === undefined) {
        return { field: 'value', message: 'must be two-letter country codes separated by commas, such as AU,NZ (empty for every country)' };
      }
      return null;
    default:
      return null;
  }
}
