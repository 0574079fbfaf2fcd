/** API Gateway's `$default` route: every unknown path answers the 404 envelope. */
import { notFoundHandler } from '../lib/wrap';

export const handler = notFoundHandler();
