/**
 * shopping.md §4 "Offline": orders placed offline go out on reconnect by themselves only when
 * automatic transmission is on (`OFFLINE_ORDERS_AUTO_SEND`, off by default); otherwise the
 * buyer sends them from the thank-you page. Read at request time: one build serves either.
 */
export function offlineOrdersAutoSend(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.OFFLINE_ORDERS_AUTO_SEND?.trim() ?? '');
}
