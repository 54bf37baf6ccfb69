import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ACCOUNT_MESSAGES as A, orderView, type CreateCustomerBody, type OrderView, type ProfileBody, type BookAddress } from '@shop/contracts';
import {
  deleteAddress,
  emailKey,
  findAddresses,
  findCustomer,
  findCustomerByEmail,
  findCustomerOrders,
  findOrder,
  insertCustomer,
  insertPasswordReset,
  replaceAddresses,
  revokeCustomerTokens,
  revokeFamily,
  updateCustomer,
  upgradeCustomerPasswordHash,
  usePasswordReset,
  voidPasswordResets,
  type CustomerRow,
  type Db,
  type OrderRow,
} from '@shop/db';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { WithMeta } from '../../http/route.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { ChallengeService } from './challenge.ts';
import { InFlightLimit } from './in-flight.ts';
import { decoyHash, hashPassword, rehashIfOutdated, verifyPassword } from './passwords.ts';
import { assertStrongPassword } from './password-strength.ts';
import { presentCustomer, presentHistoryItem, type CustomerAnswerOptions } from './present.ts';
import { OverLimit, type AccountThrottle } from './throttle.ts';
import { hashToken, type SessionClient, type TokenIssuer } from './tokens.ts';

/** A reset link is valid for one hour. */
export const RESET_TOKEN_MINUTES = 60;

export interface AccountServiceOptions {
  storeCode: string;
  /** Where the reset link leads (the storefront's /reset-password). */
  shopUrl: string;
  now?: () => Date;
}

const unauthorized = () => new HttpError(401, A.notAuthorized);
/** The answer for an order that is not the customer's, whatever the reason. */
export const ORDER_NOT_FOUND = 'Order not found';

/** The token of a request: `?token=` (shopping.md §6) or `Authorization: Bearer`. */
export function requestToken(req: IncomingMessage, queryToken: string | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return queryToken || bearer || undefined;
}

const bookRow = (a: BookAddress) => {
  const { id, default_shipping, default_billing, ...address } = a;
  return { id, address: address as Record<string, unknown>, default_shipping: default_shipping ?? false, default_billing: default_billing ?? false };
};

/** Registrations one address, and sign-ins one account, may have in progress at once in this process. */
const AT_ONCE_PER_SOURCE = 2;

/**
 * Customer accounts (issue #15, ADR 0017): registration, sign-in with short access tokens and
 * rotating refresh tokens, profile, address book, password change and reset, order history.
 */
export class AccountService {
  private readonly now: () => Date;
  private readonly registering = new InFlightLimit(AT_ONCE_PER_SOURCE);
  private readonly signingIn = new InFlightLimit(AT_ONCE_PER_SOURCE);

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenIssuer,
    private readonly throttle: AccountThrottle,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly options: AccountServiceOptions,
    private readonly challenges: ChallengeService,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private access(customer: CustomerRow, client?: SessionClient): Promise<string> {
    return this.tokens.access({ customerId: customer.id, groupId: customer.group_id, version: customer.token_version, client });
  }

  /** An access token and a refresh token: of a new family (a VSF1 one keeps it), or the next of `family`. */
  private async session(customer: CustomerRow, family?: string, client?: SessionClient): Promise<WithMeta<string>> {
    return new WithMeta(await this.access(customer, client), { refreshToken: await this.tokens.refresh(customer.id, family, client) });
  }

  private async present(customer: CustomerRow, options?: CustomerAnswerOptions) {
    return presentCustomer(customer, await findAddresses(this.db, customer.id), options);
  }

  /**
   * Registers (issue #43): limited per address (the challenge past a low count) and per e-mail
   * domain, the password checked for strength, hashed in the bounded queue. The answer is the same
   * whether the e-mail was free or already had an account, whose owner is mailed instead. A refusal
   * gives its counts back and writes nothing.
   */
  async create(body: CreateCustomerBody, clientAddress: string): Promise<{ created: CustomerRow | undefined; answer: string }> {
    // A browser sends one registration at a time: more at once from an address are refused before the database.
    return this.registering.run(clientAddress, () => tooManyRequests(A.hashingBusy, 2000), () => this.register(body, clientAddress));
  }

  private async register(body: CreateCustomerBody, clientAddress: string): Promise<{ created: CustomerRow | undefined; answer: string }> {
    const { email, firstname, lastname } = body.customer;
    const domain = emailKey(email).split('@').pop() ?? '';
    let attempt: number;
    try {
      attempt = await this.throttle.registrationAttempt(clientAddress);
    } catch (error) {
      throw error instanceof OverLimit ? tooManyRequests(A.registerLimited, error.waitMs) : error;
    }
    let domainCounted = false;
    try {
      if (attempt > this.throttle.limits.registerChallengeAfter) await this.requireChallenge(body.altcha);
      await this.throttle.registrationDomain(domain);
      domainCounted = true;
      assertStrongPassword(body.password, [email, firstname, lastname]);
      const passwordHash = await hashPassword(body.password, `address:${clientAddress}`);
      const created = await insertCustomer(this.db, { email, firstname, lastname, password_hash: passwordHash });
      if (!created) await this.notify(email, 'registration-attempt', `registration-attempt:${emailKey(email)}:${this.windowIndex()}`);
      return { created, answer: A.registered };
    } catch (error) {
      // Nothing was created: the attempt does not count against the address (nor the domain).
      if (error instanceof OverLimit) {
        await this.throttle.registrationRefused(clientAddress);
        throw tooManyRequests(A.registerDomainLimited, error.waitMs);
      }
      await this.throttle.registrationRefused(clientAddress, domainCounted ? domain : undefined);
      throw error;
    }
  }

  /**
   * The row of an account made with a purchase (orders/service.ts inserts it with the order):
   * its password hashed as every account's. Kept here so registration rules stay in one place.
   */
  async checkoutAccount(customer: CreateCustomerBody['customer'], password: string) {
    return { ...customer, password_hash: await hashPassword(password, `account:${emailKey(customer.email)}`) };
  }

  /** A session for an account just made with its purchase (spec: a created password signs the user in). */
  signInNew(customer: CustomerRow): Promise<WithMeta<string>> {
    return this.session(customer);
  }

  /** Signs in: the access token in `result`, the refresh token in `meta.refreshToken` (one VSF1 keeps, for `client` vsf1). */
  async login(username: string, password: string, clientAddress: string, challenge?: string, client?: SessionClient): Promise<WithMeta<string>> {
    const account = emailKey(username);
    // An owner signs in once at a time: a wave of guesses at one account is refused before the database.
    return this.signingIn.run(account, () => tooManyRequests(A.hashingBusy, 2000), () => this.signIn(account, password, clientAddress, challenge, client));
  }

  private async signIn(account: string, password: string, clientAddress: string, challenge?: string, client?: SessionClient): Promise<WithMeta<string>> {
    const wait = await this.throttle.loginWait(account, clientAddress);
    if (wait > 0) throw tooManyRequests(A.locked, wait);
    // Many addresses failing for this account: never a lock, but each attempt costs a proof of work and time.
    if (await this.throttle.challengeNeeded(account, this.now())) {
      await sleep(this.throttle.limits.challengeDelayMs);
      await this.requireChallenge(challenge);
    }
    const customer = await findCustomerByEmail(this.db, account);
    const valid = await verifyPassword(customer ? customer.password_hash : await decoyHash(), password, `account:${account}`);
    if (!customer || !valid) {
      const addresses = await this.throttle.loginFailed(account, clientAddress, this.now());
      if (customer && addresses >= this.throttle.limits.challengeAddresses) {
        await this.notify(customer.email, 'failed-logins', `failed-logins:${customer.id}:${this.windowIndex()}`);
      }
      throw new HttpError(401, A.wrongCredentials);
    }
    await this.throttle.loginSucceeded(account, clientAddress);
    const upgraded = await rehashIfOutdated(customer.password_hash!, password, `account:${account}`);
    if (upgraded) await upgradeCustomerPasswordHash(this.db, customer.id, customer.password_hash!, upgraded);
    return this.session(customer, undefined, client);
  }

  /** A solved, unused challenge, else 403 naming the `altcha` field. */
  private async requireChallenge(payload: string | undefined): Promise<void> {
    const verdict = await this.challenges.verify(payload, this.now());
    if (verdict === 'missing') throw new HttpError(403, A.challengeRequired);
    if (verdict === 'invalid') throw new HttpError(403, A.challengeInvalid);
  }

  /** The attack window the clock is in: one notice per kind and account per window (the outbox's key). */
  private windowIndex(): number {
    return Math.floor(this.now().getTime() / (this.throttle.limits.attackWindowSeconds * 1000));
  }

  /** Mails the owner of an account a notice (once per key) with the reset page, no other link. */
  private async notify(email: string, kind: 'failed-logins' | 'registration-attempt', key: string): Promise<void> {
    const customer = await findCustomerByEmail(this.db, email);
    if (!customer) return;
    await enqueueMail(this.db, { template: 'account-notice', to: customer.email, notice: { kind, firstname: customer.firstname, resetPage: `${this.options.shopUrl}/reset-password` }, key });
    this.mail.kick();
  }

  /**
   * A new access token for a refresh token, which is rotated; a used one revokes its family. A
   * VSF1 family's sign-in token is kept (VSF1 never stores another): the same one is answered.
   */
  async refresh(refreshToken: string): Promise<WithMeta<string>> {
    const used = await this.tokens.use(refreshToken);
    if (used === null || used === 'reused') throw unauthorized();
    const customer = await findCustomer(this.db, used.customer_id);
    if (!customer) throw unauthorized();
    if (used.kept) return new WithMeta(await this.access(customer, 'vsf1'), { refreshToken });
    return this.session(customer, used.family);
  }

  /** Signs out this device: its refresh token family is revoked. */
  async logout(refreshToken: string | undefined): Promise<true> {
    if (!refreshToken) return true;
    const used = await this.tokens.use(refreshToken);
    if (used && used !== 'reused') await revokeFamily(this.db, used.family, this.now());
    return true;
  }

  /** The customer of a request's token, or undefined when it carries none (a bad one is 401). */
  async optionalCustomer(req: IncomingMessage, queryToken: string | undefined): Promise<CustomerRow | undefined> {
    const token = requestToken(req, queryToken);
    return token ? this.authenticate(token) : undefined;
  }

  /** The customer of a valid access token (of an account that still exists, with the current token version), else 401. */
  async authenticate(token: string | undefined): Promise<CustomerRow> {
    return (await this.authenticateSession(token)).customer;
  }

  /** `authenticate`, with the client the session was signed in for. */
  async authenticateSession(token: string | undefined): Promise<{ customer: CustomerRow; client?: SessionClient | undefined }> {
    const claims = token ? await this.tokens.verify(token) : null;
    const customer = claims ? await findCustomer(this.db, claims.customerId) : undefined;
    if (!claims || !customer || customer.token_version !== claims.version) throw unauthorized();
    return { customer, client: claims.client };
  }

  /** The client a token's session was signed in for (its signature checked, nothing else): how to word a refusal. */
  async sessionClient(token: string | undefined): Promise<SessionClient | undefined> {
    return token ? (await this.tokens.verify(token))?.client : undefined;
  }

  /** The customer's cart token (shopping §4 "connect" with the user token): one cart on every device. */
  cartToken(customer: CustomerRow, openCart: (customerId: number, tokenOf: (createdAt: Date) => string) => Promise<string>): Promise<string> {
    return openCart(customer.id, (createdAt) => this.tokens.cartToken(customer.id, createdAt));
  }

  me(customer: CustomerRow, options?: CustomerAnswerOptions) {
    return this.present(customer, options);
  }

  /** Only names, e-mail (with the current password) and addresses can change. */
  async updateProfile(customer: CustomerRow, body: ProfileBody, options?: CustomerAnswerOptions) {
    const { firstname, lastname, email, addresses } = body.customer;
    const emailChanges = email !== undefined && emailKey(email) !== customer.email_key;
    if (emailChanges) {
      if (!body.password) throw new HttpError(400, A.passwordRequiredForEmail);
      if (!(await verifyPassword(customer.password_hash, body.password, `account:${customer.email_key}`))) throw new HttpError(400, A.currentPasswordWrong);
      if (await findCustomerByEmail(this.db, email)) throw new HttpError(400, A.emailTaken);
    }
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await updateCustomer(trx, customer.id, { firstname, lastname, ...(emailChanges ? { email } : {}) });
      if (addresses) await replaceAddresses(trx, customer.id, addresses.map(bookRow));
      return row;
    });
    return this.present(updated ?? customer, options);
  }

  /** The address book (§7 PUT per customer): the whole list; another customer's id is unknown. */
  async saveAddresses(customer: CustomerRow, customerId: number, addresses: readonly BookAddress[]) {
    if (customerId !== customer.id) throw new HttpError(404, 'Customer not found');
    await this.db.transaction().execute((trx) => replaceAddresses(trx, customer.id, addresses.map(bookRow)));
    return this.present(customer);
  }

  async removeAddress(customer: CustomerRow, addressId: number): Promise<true> {
    if (!(await deleteAddress(this.db, customer.id, addressId))) throw new HttpError(404, A.addressIdMissing);
    return true;
  }

  /** Changes the password with the current one; every other session ends, this one gets new tokens in `meta`. */
  async changePassword(customer: CustomerRow, currentPassword: string, newPassword: string, client?: SessionClient): Promise<WithMeta<string>> {
    if (!(await verifyPassword(customer.password_hash, currentPassword, `account:${customer.email_key}`))) throw new HttpError(400, A.currentPasswordWrong);
    const updated = await this.setPassword(customer.id, newPassword);
    const session = await this.session(updated, undefined, client);
    return new WithMeta(A.passwordChanged, { token: session.result, refreshToken: session.meta['refreshToken'] });
  }

  private async setPassword(customerId: number, password: string): Promise<CustomerRow> {
    const hash = await hashPassword(password, `account:${customerId}`);
    return this.db.transaction().execute(async (trx) => {
      const updated = await updateCustomer(trx, customerId, { password_hash: hash, revokeTokens: true });
      await revokeCustomerTokens(trx, customerId, this.now());
      await voidPasswordResets(trx, customerId, this.now());
      return updated!;
    });
  }

  /**
   * Mails a single-use reset link valid one hour, when the e-mail has an account. The answer is
   * the same either way: nobody learns from it whether an address is a customer's.
   */
  async requestReset(email: string, clientAddress: string): Promise<string> {
    const wait = await this.throttle.resetRequested(emailKey(email), clientAddress);
    if (wait > 0) throw tooManyRequests(A.locked, wait);
    const customer = await findCustomerByEmail(this.db, email);
    if (customer) await this.mailReset(customer);
    return A.resetSent;
  }

  /**
   * Stores a single-use reset token valid one hour and queues its mail; `alongside` runs in the
   * same transaction (the back office's audit entry when staff send it on the customer's request).
   */
  async mailReset(customer: Pick<CustomerRow, 'id' | 'email' | 'firstname'>, alongside?: (trx: Db) => Promise<void>): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const link = `${this.options.shopUrl}/reset-password?email=${encodeURIComponent(customer.email)}&token=${token}`;
    await this.db.transaction().execute(async (trx) => {
      await insertPasswordReset(trx, { token_hash: hashToken(token), customer_id: customer.id, expires_at: new Date(this.now().getTime() + RESET_TOKEN_MINUTES * 60_000) });
      await enqueueMail(trx, { template: 'password-reset', to: customer.email, reset: { firstname: customer.firstname, link }, key: `password-reset:${hashToken(token)}` });
      await alongside?.(trx);
    });
    this.mail.kick();
  }

  /** Sets a new password with a reset token (also how accounts made at checkout get theirs). */
  async createPassword(email: string, newPassword: string, resetToken: string): Promise<string> {
    const customer = await findCustomerByEmail(this.db, email);
    const customerId = await usePasswordReset(this.db, hashToken(resetToken), this.now());
    if (!customer || customerId !== customer.id) throw new HttpError(400, A.resetInvalid);
    await this.setPassword(customer.id, newPassword);
    return A.passwordChanged;
  }

  async orderHistory(customer: CustomerRow, pageSize: number, currentPage: number) {
    const { items, total } = await findCustomerOrders(this.db, customer.id, { size: pageSize, current: currentPage });
    return { items: items.map(presentHistoryItem), total_count: total, search_criteria: { page_size: pageSize, current_page: currentPage } };
  }

  /** One of the customer's orders; another customer's (or a guest's) is unknown. */
  async order(customer: CustomerRow, incrementId: string): Promise<OrderView> {
    return orderView.parse((await this.ownOrder(customer, incrementId)).view);
  }

  /** The row of one of the customer's orders: another customer's, a guest's and an unknown number are all "not found". */
  async ownOrder(customer: CustomerRow, incrementId: string): Promise<OrderRow> {
    // Order numbers are digits: anything else is not found without asking the database (which refuses a NUL byte).
    const order = /^\d{1,20}$/.test(incrementId) ? await findOrder(this.db, this.options.storeCode, incrementId) : undefined;
    if (!order || order.customer_id !== customer.id) throw new HttpError(404, ORDER_NOT_FOUND);
    return order;
  }
}
