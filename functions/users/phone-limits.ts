/**
 * What bounds the cost of phone verification for the whole site (SMS pumping), from two site
 * settings: `sms_daily_budget` (texts per UTC day, counted atomically in the table) and
 * `sms_allowed_countries` (when set, the only countries texted). See shared/sms-settings.ts.
 */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import {
  DEFAULT_SMS_DAILY_BUDGET,
  parseCountryList,
  parseSmsDailyBudget,
  SMS_SETTING_NAMES,
} from '../../shared/sms-settings';
import type { UpdateSiteSettingInput } from '../../shared/schemas/site-settings';
import { db } from '../db/service';
import { takeToday } from '../lib/daily-count';
import { badRequest, HttpError } from '../lib/errors';
import { logger } from '../lib/logger';

export interface SmsSettings {
  dailyBudget: number;
  /** null: every country. */
  allowedCountries: string[] | null;
}

/** Both settings in one BatchGetItem; a missing or unreadable value falls back to its default. */
export async function loadSmsSettings(): Promise<SmsSettings> {
  const { data } = await db()
    .entities.siteSetting.get([{ name: SMS_SETTING_NAMES.dailyBudget }, { name: SMS_SETTING_NAMES.allowedCountries }])
    .go();
  const value = (name: string) => data.find((s) => s.name === name)?.value;
  const budgetText = value(SMS_SETTING_NAMES.dailyBudget);
  const countriesText = value(SMS_SETTING_NAMES.allowedCountries);
  const dailyBudget = budgetText === undefined ? undefined : parseSmsDailyBudget(budgetText);
  const countries = countriesText === undefined ? undefined : parseCountryList(countriesText);
  if (budgetText !== undefined && dailyBudget === undefined) logger.warn('sms_daily_budget is not a whole number; using the default', { value: budgetText });
  if (countriesText !== undefined && countries === undefined) logger.warn('sms_allowed_countries is not a list of country codes; ignoring it', { value: countriesText });
  return {
    dailyBudget: dailyBudget ?? DEFAULT_SMS_DAILY_BUDGET,
    allowedCountries: countries?.length ? countries : null,
  };
}

/** 400 naming phoneNo when the number's country is not on the allow-list (a number of no single country never is). */
export function assertCountryAllowed(country: string | undefined, settings: SmsSettings): void {
  const allowed = settings.allowedCountries;
  if (!allowed || (country && allowed.includes(country))) return;
  throw badRequest(
    `phoneNo must be a number in ${allowed.join(', ')}; this one is in ${country ?? 'no single country'}`,
    'phoneNo',
  );
}

/** Takes one text from today's budget; 503 (with Retry-After: next UTC midnight) once it is spent. */
export async function spendSmsBudget(settings: SmsSettings): Promise<void> {
  const { taken, secondsLeft } = await takeToday('SMS_SITE', settings.dailyBudget);
  if (taken) return;
  logger.warn('the daily SMS budget is spent; a text was refused', { budget: settings.dailyBudget });
  throw new HttpError(
    503,
    'sms_budget_exhausted',
    'The site has sent all the text messages it may send today; try again tomorrow',
    undefined,
    { 'retry-after': String(secondsLeft) },
  );
}

/**
 * The server's own check of an admin's SMS setting, beyond the shared format rules: every code of
 * the allow-list must be a country libphonenumber knows (GB, not UK), else 400 naming value.
 */
export function checkSmsSetting(input: Pick<UpdateSiteSettingInput, 'name' | 'value'>): void {
  if (input.name !== SMS_SETTING_NAMES.allowedCountries) return;
  const unknown = (parseCountryList(input.value) ?? []).filter((c) => !isSupportedCountry(c as CountryCode));
  if (unknown.length) throw badRequest(`value has ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is not a country code' : 'are not country codes'} (ISO 3166, such as GB or AU)`, 'value');
}
