/** The contact form's calls (shared/contract/forms.ts): what a member may send now, and sending it. */
import { api } from '@/lib/api';

export type { FormRules } from '@shared/answers/forms';

export const formRulesKey = ['forms', 'rules'] as const;

export const formRules = (signal?: AbortSignal) => api.call('GET /api/iam/forms/validate', {}, { signal });

/** `id` is made once per form, so a retry after a lost answer never sends it twice. */
export const sendContact = (input: { id: string; subject: string; message: string }) => api.call('POST /api/iam/forms/new', { ...input, kind: 'contact' });
