/**
 * Reports and the moderation queue (R1–R7 in docs/data-model.md). A target's reports gather in
 * one open case; an admin's action closes it in one transaction with what the action writes.
 */
import { randomUUID } from 'node:crypto';
import type { ReportCaseView, ReportReceipt } from '../../shared/answers/reports';
import { PAGE_SIZE } from '../../shared/constants';
import type { ActOnReportInput, NewReportInput, ReportReason, ReportTargetType } from '../../shared/schemas/reports';
import { addItem } from '../db/add';
import { OPEN_REPORTS_COUNTER, type ReportCaseItem } from '../db/entities/report';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict, notFound, serviceUnavailable } from '../lib/errors';
import { onePage } from '../lib/paging';
import { hitRateLimit } from '../lib/rate-limit';
import type { Session } from '../lib/session/token';
import { viewerOf } from '../lib/session/viewer';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { resolveTarget, type ResolvedTarget } from './targets';

/** The first reporters' words kept on a case for the queue. */
export const MAX_TEXTS = 5;
const ATTEMPTS = 5;

export async function getCase(id: string): Promise<ReportCaseItem | null> {
  const { data } = await db().entities.reportCase.get({ id }).go({ consistent: true });
  return data ?? null;
}

async function openCaseOf(targetType: ReportCaseItem['targetType'], targetId: string): Promise<ReportCaseItem | null> {
  const { data: marker } = await db().entities.reportOpen.get({ targetType, targetId }).go({ consistent: true });
  return marker ? getCase(marker.caseId) : null;
}

/** The case as changed by one more report (a whole-item put, guarded on the count it read). */
function withReport(c: ReportCaseItem, reason: ReportReason, text: string, at: string): ReportCaseItem {
  return {
    ...c,
    reporterCount: c.reporterCount + 1,
    [reason]: c[reason] + 1,
    lastReportAt: at,
    texts: text && c.texts.length < MAX_TEXTS ? [...c.texts, { reason, text, at }] : c.texts,
  };
}

export interface Filing {
  targetType: ReportCaseItem['targetType'];
  targetId: string;
  target: ResolvedTarget | null;
  reason: ReportReason;
  text: string;
}

/**
 * Files `reporterId`'s report of a target in its open case (opening one for a first report), in
 * one transaction with the case's counts; a member's second report of an open case changes nothing.
 */
export async function fileInCase(reporterId: string, f: Filing): Promise<ReportReceipt> {
  const { reportCase, reportOpen, reportFiling } = txEntities();
  for (let attempt = 1; ; attempt++) {
    const at = new Date().toISOString();
    const open = await openCaseOf(f.targetType, f.targetId);
    if (open) {
      const { data: earlier } = await db().entities.reportFiling.get({ caseId: open.id, reporterId }).go({ consistent: true });
      if (earlier) return { caseId: open.id, filed: false };
    }
    const c: ReportCaseItem = open
      ? withReport(open, f.reason, f.text, at)
      : withReport({
          id: randomUUID(), targetType: f.targetType, targetId: f.targetId, state: 'open', openedAt: at, lastReportAt: at,
          reporterCount: 0, spam: 0, abuse: 0, unsafe: 0, other: 0, texts: [],
          ...(f.target ? { authorId: f.target.authorId } : {}),
          ...(f.target?.parentId ? { parentId: f.target.parentId } : {}),
          ...(f.target?.locator ? { locator: f.target.locator } : {}),
        }, f.reason, f.text, at);
    const caseWrite = open
      ? named('case-unchanged', reportCase.put(c).where((a, op) => `${op.eq(a.state, 'open')} AND ${op.eq(a.reporterCount, open.reporterCount)}`).commit())
      : reportCase.create(c).commit();
    const items: TxItem[] = [
      named('first-report', reportFiling.create({ caseId: c.id, reporterId, reason: f.reason, text: f.text, createdAt: at }).commit()),
      caseWrite,
      ...(open ? [] : [named('no-open-case', reportOpen.create({ targetType: f.targetType, targetId: f.targetId, caseId: c.id }).commit()), addItem(OPEN_REPORTS_COUNTER, { count: 1 })]),
      authorLiveCheck(reporterId),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { caseId: c.id, filed: true };
    await assertAuthorWasLive(out, items, reporterId);
    if (failedChecks(out, items).has('first-report')) return { caseId: c.id, filed: false };
    // Another report opened, counted on or closed the case meanwhile: read it again.
    if (attempt >= ATTEMPTS) throw serviceUnavailable('Many reports are arriving; please try again');
  }
}

/** POST /api/iam/reports/new: a member reports something they can see. */
export async function fileReport(session: Session, input: NewReportInput): Promise<ReportReceipt> {
  await hitRateLimit('REPORT_USER', session.userId);
  const viewer = await viewerOf(session);
  const target = await resolveTarget(input.target.type, input.target.id, viewer, session);
  if (target.authorId === session.userId) {
    throw badRequest(input.target.type === 'user' ? 'You cannot report yourself' : 'You cannot report what you wrote yourself', 'target');
  }
  return fileInCase(session.userId, { targetType: input.target.type, targetId: input.target.id, target, reason: input.reason, text: input.text });
}

/** Open cases oldest first, or closed ones newest first, a page at a time. */
export async function casePage(state: 'open' | 'closed', cursorId: string | undefined): Promise<{ items: ReportCaseItem[]; cursorId: string | null }> {
  const cases = db().entities.reportCase.query;
  return state === 'open'
    ? onePage(cursorId, { field: 'gsi1pk', value: 'reports#open' }, (cursor) => cases.open({}).go({ cursor, limit: PAGE_SIZE }))
    : onePage(cursorId, { field: 'gsi2pk', value: 'reports#closed' }, (cursor) => cases.closed({}).go({ cursor, limit: PAGE_SIZE, order: 'desc' }));
}

/** The writes that close an open case (guarded on it being open, and on the count read: a report arriving meanwhile is read again). */
export function closeItems(c: ReportCaseItem, adminId: string, action: ActOnReportInput['action'], note: string): { closed: ReportCaseItem; items: TxItem[] } {
  const closed: ReportCaseItem = { ...c, state: 'closed', closedAt: new Date().toISOString(), closedBy: adminId, action, ...(note ? { note } : {}) };
  const { reportCase, reportOpen } = txEntities();
  return {
    closed,
    items: [
      named(CASE_OPEN, reportCase.put(closed).where((a, op) => `${op.eq(a.state, 'open')} AND ${op.eq(a.reporterCount, c.reporterCount)}`).commit()),
      reportOpen.delete({ targetType: c.targetType, targetId: c.targetId }).commit(),
      addItem(OPEN_REPORTS_COUNTER, { count: -1 }),
    ],
  };
}

export const CASE_OPEN = 'case-open';

/** An open case, or 404 / 409. */
export async function openCase(id: string): Promise<ReportCaseItem> {
  const c = await getCase(id);
  if (!c) throw notFound('There is no such report', 'id');
  if (c.state !== 'open') throw conflict('This report is already closed', 'id');
  return c;
}

export type CaseTargetType = ReportTargetType | 'contact';
export type { ReportCaseView };
