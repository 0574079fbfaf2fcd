/** What each kind of interest is called on screen. */
import type { InterestType } from '@shared/tag-rules';

export const INTEREST_LABELS: Record<InterestType, string> = { grow: 'I grow it', swap: 'I swap it', learn: 'I want to learn' };
