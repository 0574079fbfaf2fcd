/** The notification mail delay of the shared test host: the product's default (NOTIFY_MAIL_DELAY_SECONDS). */
export const NOTIFY_MAIL_DELAY_MS = 900_000;
