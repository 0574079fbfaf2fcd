/**
 * The text of an event's notification, written by the events domain and read by the SPA:
 * "<title> · <startsAt> · <timeZone>", an attendance leading with its status
 * ("<status> · <title> · <startsAt> · <timeZone>"). It is read from the end, since a title may
 * itself hold " · ". Texts written before the zone was added end at the instant.
 */

export const NOTICE_SEPARATOR = ' · ';

export interface EventNotice {
  /** An attendance's status (GOING, MAYBE, WAITING, NOT_GOING). */
  status?: string;
  title: string;
  /** An ISO instant (the date's start; a series' end for its "running out" notice). */
  at: string;
  /** The event's IANA zone; null for an old text without one. */
  timeZone: string | null;
}

/** The stored text of an event notification. */
export function eventNoticeText({ status, title, at, timeZone }: { status?: string; title: string; at: string; timeZone: string }): string {
  return [...(status === undefined ? [] : [status]), title, at, timeZone].join(NOTICE_SEPARATOR);
}

const isInstant = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(new Date(s).getTime());
const isZone = (s: string | undefined): s is string => !!s && /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(s);

/**
 * The parts of an event notification's text, read from the end; `withStatus` for an attendance.
 * A text without a readable instant gives its title (all of it, after the status) and an empty `at`.
 */
export function readEventNotice(text: string | null | undefined, { withStatus = false }: { withStatus?: boolean } = {}): EventNotice {
  let parts = (text ?? '').split(NOTICE_SEPARATOR);
  let status: string | undefined;
  if (withStatus) [status, ...parts] = parts;
  let timeZone: string | null = null;
  let at = '';
  const last = parts.at(-1);
  if (parts.length >= 3 && isZone(last) && isInstant(parts.at(-2))) {
    timeZone = last;
    at = parts.at(-2)!;
    parts = parts.slice(0, -2);
  } else if (parts.length >= 2 && isInstant(last)) {
    at = last;
    parts = parts.slice(0, -1);
  } else if (parts.length >= 2 && !isZone(last)) {
    // Something that is not a date where the date should be: the title is what came before it.
    parts = parts.slice(0, -1);
  }
  return { ...(status === undefined ? {} : { status }), title: parts.join(NOTICE_SEPARATOR), at, timeZone };
}
