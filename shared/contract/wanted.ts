/** Wanted lists: plants a member wants, alerted when a matching listing becomes available near them. */
import { wantedAnswer, wantedDeleted, wantedList } from '../answers/wanted';
import { noInput } from '../schemas/common';
import { newWantedInput, wantedIdInput } from '../schemas/wanted';
import { defineRoute } from './route';

export const newWanted = defineRoute({
  method: 'POST', path: '/api/iam/wanted/new', access: 'registered', status: 201,
  input: newWantedInput, output: wantedAnswer,
  errors: { 409: 'no_place: the member has no place to measure from; or already 50 entries', 429: 'past the wanted-entry limit' },
  summary: 'Want a plant: { tag? | plantName?: exactly one, radiusKm: 1-100 } → 201 { wanted }. Its centre is the member\'s place now (copied into the entry). When a listing becomes available within the radius whose tags hold the tag, or whose common or botanical name holds every word of the plant name, the member is notified once per entry (and mailed, as notify_email_wanted allows). At most 50 entries.',
});

export const myWanted = defineRoute({
  method: 'GET', path: '/api/iam/wanted/mine', access: 'user',
  input: noInput, output: wantedList,
  summary: 'My wanted entries, newest first: { wanted } (at most 50).',
});

export const deleteWanted = defineRoute({
  method: 'DELETE', path: '/api/iam/wanted/{id}', access: 'self',
  input: wantedIdInput, output: wantedDeleted,
  errors: { 404: 'no such entry of yours' },
  summary: 'Stop wanting: removes the entry and its place in the matching index.',
});
