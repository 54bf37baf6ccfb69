import { TOO_MANY_REQUESTS } from '@shop/domain';

/** The account texts of shopping.md §8 and issue #15, in English: the storefront says them in the shop language. */
export const ACCOUNT_MESSAGES = {
  passwordRules: 'Password must have at least 8 characters, with letters and at least one digit or symbol.',
  wrongCredentials: 'You did not sign in correctly or your account is temporarily disabled.',
  locked: 'Too many failed attempts: try again in {minutes} minutes.',
  resetSent: 'If there is an account for this e-mail address, we have sent a link to reset its password.',
  resetInvalid: 'The password reset link is not valid or has expired. Please ask for a new one.',
  emailTaken: 'An account with this e-mail address already exists.',
  passwordRequiredForEmail: 'Enter your current password to change the e-mail address.',
  currentPasswordWrong: 'The current password is not correct.',
  notAuthorized: 'Error refreshing user token. User is not authorized to access the resource',
  /** shopping §8: the refresh failed for another reason than the tokens (a server error, an answer that is no token). */
  refreshFailed: 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
  loginRequired: 'You must have to login',
  addressIdMissing: 'Address Id missing',
  accountUpdated: 'Account data has successfully been updated',
  passwordChanged: 'Password has successfully been changed',
  addressSaved: 'Address has been saved successfully.',
  addressDeleted: "L'indirizzo è stato eliminato.",
  offlinePassword: 'Reset password feature does not work while offline!',
  /** Issue #43 (ADR 0025): sign-in and registration under attack or load. */
  challengeRequired: 'altcha: Too many failed attempts from different places: confirm you are not a robot, then try again.',
  challengeInvalid: 'altcha: The "not a robot" check is not valid, has expired or was already used: confirm it again.',
  hashingBusy: 'Too many sign-ins and registrations right now: please try again in {seconds} seconds.',
  registerLimited: 'Too many accounts created from this address: try again in {minutes} minutes.',
  registerDomainLimited: 'customer.email: Too many new accounts with this e-mail domain right now: try again in {minutes} minutes.',
  passwordWeak: 'password: This password is too easy to guess. {reason}',
  registered: 'Thank you for registering: sign in with your e-mail and password. If this e-mail already had an account, we have sent it a message.',
  /** The API's per-address write limit (issue #17). */
  tooManyRequests: TOO_MANY_REQUESTS,
} as const;
