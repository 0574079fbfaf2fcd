/**
 * Every request carries `client-platform: browser`; anything else is refused with 400, except on
 * routes exempt from it (calendar files and feeds fetched by other apps).
 */
import { CLIENT_PLATFORM_BROWSER, CLIENT_PLATFORM_HEADER } from '../../../shared/constants';
import { badRequest } from '../errors';
import type { Middleware } from './types';

export function clientPlatform(exempt = false): Middleware {
  return {
    before: (request) => {
      if (exempt) return;
      if (request.event.headers?.[CLIENT_PLATFORM_HEADER] !== CLIENT_PLATFORM_BROWSER) {
        throw badRequest(`The header ${CLIENT_PLATFORM_HEADER}: ${CLIENT_PLATFORM_BROWSER} is required`, CLIENT_PLATFORM_HEADER);
      }
    },
  };
}
