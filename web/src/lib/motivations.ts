/** How each motivation reads on screen (the forms' checkboxes, a member's profile). */
import type { Motivation } from '@shared/constants';

export const MOTIVATION_LABELS: Readonly<Record<Motivation, string>> = {
  swap: 'Swap plants and cuttings',
  sell: 'Sell plants',
  'give-away': 'Give plants away',
  learn: 'Learn about plants',
  meet: 'Meet growers nearby',
  organise: 'Organise events or groups',
};
