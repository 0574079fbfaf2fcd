/** The e-mails the auth routes send. Links point at SITE_ORIGIN (the site's public address). */
import { mailer } from '../lib/outbound/mailer';
import { siteOrigin as site } from '../lib/site-origin';
const NAME = 'Leafline';

export function sendVerification(to: string, token: string): Promise<void> {
  return mailer().send({
    to,
    subject: `Confirm your e-mail for ${NAME}`,
    text: `Welcome to ${NAME}!\n\nConfirm your e-mail address by opening this link within 24 hours and entering the password you chose:\n${site()}/auth/verifyemail?token=${token}\n\nIf you did not sign up, someone else used your address. Ignore this e-mail, or open the link and choose "I did not sign up" to make the account yours with a password of your own.`,
  });
}

export function sendSignupAttempt(to: string): Promise<void> {
  return mailer().send({
    to,
    subject: `Someone tried to sign up to ${NAME} with your address`,
    text: `Someone (maybe you) tried to create a ${NAME} account with this e-mail address, which already has one.\n\nTo sign in: ${site()}/auth/login\nForgot your password? ${site()}/auth/reset\n\nIf it was not you, you can ignore this e-mail.`,
  });
}

/** The first slowdown of an account's logins in a day (functions/auth/login-limit.ts). */
export function sendLoginSlowdown(to: string, failures: number, from: readonly string[]): Promise<void> {
  return mailer().send({
    to,
    subject: `Many wrong passwords for your ${NAME} account`,
    text:
      `Someone tried to sign in to your ${NAME} account with a wrong password ${failures} times within an hour, so we now slow further tries down.\n\n` +
      `The tries came from these network addresses:\n${from.map((ip) => `  ${ip}`).join('\n')}\n\n` +
      `If it was you, wait a few minutes and try again, or choose a new password: a reset always works and lifts the slowdown:\n${site()}/auth/reset\n\n` +
      `If it was not you, your account is safe as long as your password is not guessable; choosing a new, unique one makes sure.`,
  });
}

export function sendPasswordReset(to: string, token: string): Promise<void> {
  return mailer().send({
    to,
    subject: `Reset your ${NAME} password`,
    text: `Open this link within one hour to choose a new password:\n${site()}/auth/reset?token=${token}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`,
  });
}

export function sendAccountDeleted(to: string): Promise<void> {
  return mailer().send({
    to,
    subject: `Your ${NAME} account was deleted`,
    text: `Your ${NAME} account and everything in it have been deleted, as asked. We are sorry to see you go.`,
  });
}

export function sendAccountDeletionInfo(to: string): Promise<void> {
  return mailer().send({
    to,
    subject: `Deleting your ${NAME} account`,
    text: `You asked how to delete your ${NAME} account. Sign in and open ${site()}/settings, then "Delete account".\nYour conversations are deleted first, then your account, posts and photos. This cannot be undone.`,
  });
}
