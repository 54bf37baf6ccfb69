/**
 * SERVER: whether this shop runs with test payments in production on purpose
 * (`PAYMENTS_TEST_MODE=true`, issue #43 item 4): the API then accepts sandbox keys and providers,
 * and every page says so (components/test-shop). The same variable the API reads; the production
 * topology gives both the same environment.
 */
export function paymentsTestMode(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env['PAYMENTS_TEST_MODE']?.trim() === 'true';
}
