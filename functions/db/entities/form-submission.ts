/** FormSubmission: a contact or report form a member sent to the admins, newest first for the admin list. */
import { Entity, type EntityItem } from 'electrodb';
import { FORM_KINDS } from '../../../shared/schemas/forms';
import { SERVICE } from '../service-name';

export const FormSubmission = () => new Entity({
  model: { entity: 'formSubmission', version: '1', service: SERVICE },
  attributes: {
    /** Client-generated id: a retried submission finds the first one instead of creating twice. */
    id: { type: 'string', required: true },
    authorId: { type: 'string', required: true },
    kind: { type: FORM_KINDS, required: true },
    subject: { type: 'string', required: true },
    message: { type: 'string', required: true },
    targetPath: { type: 'string' },
    /** When the admins were e-mailed about it: a retry after a failure past the store tells them if this is still unset. */
    toldAt: { type: 'string' },
    /** When a call claimed the telling: a parallel retry leaves it to that call until the claim is older than a call can last. */
    tellingAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'form#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'form', casing: 'none' },
    },
    /** Admins read the newest submissions first. */
    recent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'forms', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], template: '${createdAt}#${id}', casing: 'none' },
    },
  },
});

export type FormSubmissionItem = EntityItem<ReturnType<typeof FormSubmission>>;
