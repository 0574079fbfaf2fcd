/**
 * Reports (R1–R7 in docs/data-model.md). A target's reports gather in one case while it is open:
 * the first report opens it (with its open marker, so two first reports cannot open two), each
 * member's report is a filing under it, counted on the case in the filing's transaction. An
 * admin's action closes the case: it leaves the open queue and enters the closed list in the same
 * write, keeping who acted, when, the action and the note.
 */
import { Entity, type EntityItem } from 'electrodb';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from '../../../shared/schemas/reports';
import { SERVICE } from '../service-name';

interface CaseState {
  state?: string;
}

const isOpen = (a: CaseState) => a.state === 'open';
const isClosed = (a: CaseState) => a.state === 'closed';

/** What the queue shows of a case's target as it was when first reported (the live content is read beside it). */
export const CASE_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'contact'] as const;

export const ReportCase = () => new Entity({
  model: { entity: 'reportCase', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    targetType: { type: CASE_TARGET_TYPES, required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    /** Who wrote or owns the target (the member a suspension is about); absent for a contact form. */
    authorId: { type: 'string', readOnly: true },
    /** A comment's post, a message's conversation: where the target is read from. */
    parentId: { type: 'string', readOnly: true },
    /** A comment's path in its thread, a message's send time (ms): the rest of the target's key. */
    locator: { type: 'string', readOnly: true },
    state: { type: ['open', 'closed'] as const, required: true },
    reporterCount: { type: 'number', required: true, default: 0 },
    spam: { type: 'number', required: true, default: 0 },
    abuse: { type: 'number', required: true, default: 0 },
    unsafe: { type: 'number', required: true, default: 0 },
    other: { type: 'number', required: true, default: 0 },
    /** The first reporters' words (at most MAX_TEXTS), for the queue. */
    texts: {
      type: 'list',
      required: true,
      default: () => [],
      items: { type: 'map', properties: { reason: { type: REPORT_REASONS, required: true }, text: { type: 'string', required: true }, at: { type: 'string', required: true } } },
    },
    openedAt: { type: 'string', required: true, readOnly: true },
    lastReportAt: { type: 'string', required: true },
    closedAt: { type: 'string' },
    /** `<closedAt>#<id>` once closed (the closed list's sort key; its one composite, so an open case writes no key there). */
    closedSort: {
      type: 'string',
      hidden: true,
      watch: ['closedAt'],
      set: (_: unknown, item: { closedAt?: string; id?: string }) => (item.closedAt ? `${item.closedAt}#${item.id}` : undefined),
    },
    closedBy: { type: 'string' },
    action: { type: REPORT_ACTIONS },
    note: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'report#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'report', casing: 'none' },
    },
    open: {
      index: 'gsi1',
      condition: isOpen,
      pk: { field: 'gsi1pk', composite: [], template: 'reports#open', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['openedAt', 'id'], template: '${openedAt}#${id}', casing: 'none' },
    },
    closed: {
      index: 'gsi2',
      condition: isClosed,
      pk: { field: 'gsi2pk', composite: [], template: 'reports#closed', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['closedSort'], template: '${closedSort}', casing: 'none' },
    },
    byTarget: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['targetType', 'targetId'], template: 'reported#${targetType}#${targetId}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['openedAt', 'id'], template: '${openedAt}#${id}', casing: 'none' },
    },
  },
});

/** The open case of a target: at most one (created with `attribute_not_exists`, deleted when the case closes). */
export const ReportOpen = () => new Entity({
  model: { entity: 'reportOpen', version: '1', service: SERVICE },
  attributes: {
    targetType: { type: CASE_TARGET_TYPES, required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    caseId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byTarget: {
      pk: { field: 'pk', composite: ['targetType', 'targetId'], template: 'reported#${targetType}#${targetId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'open', casing: 'none' },
    },
  },
});

/** One member's report in a case: the same member reporting the same open case again finds it. */
export const ReportFiling = () => new Entity({
  model: { entity: 'reportFiling', version: '1', service: SERVICE },
  attributes: {
    caseId: { type: 'string', required: true, readOnly: true },
    reporterId: { type: 'string', required: true, readOnly: true },
    reason: { type: REPORT_REASONS, required: true, readOnly: true },
    text: { type: 'string', required: true, default: '', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCase: {
      pk: { field: 'pk', composite: ['caseId'], template: 'report#${caseId}', casing: 'none' },
      sk: { field: 'sk', composite: ['reporterId'], template: 'by#user#${reporterId}', casing: 'none' },
    },
  },
});

export type ReportCaseItem = EntityItem<ReturnType<typeof ReportCase>>;
export type ReportFilingItem = EntityItem<ReturnType<typeof ReportFiling>>;

export const reportCaseKey = (id: string): { pk: string; sk: string } => ({ pk: `report#${id}`, sk: 'report' });
/** The open-reports counter (R7). */
export const OPEN_REPORTS_COUNTER = { pk: 'counter#reports', sk: 'open' } as const;
