import { CLAIM_LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_S } from "../modules/public-api/webhook-delivery";

/**
 * Work queued in its own row (a webhook delivery, the answer to a received e-invoice, a deadline e-mail)
 * follows the webhooks' schedule (decision 013): 7 tries over about 17 hours. A try first leases its row
 * until `leaseEnd`, so two instances never make it at once and one that died is tried again soon after.
 */
export const leaseEnd = (now: Date) => new Date(now.getTime() + CLAIM_LEASE_MS);

/** When to try again after a failed try number `attempts` (1 for the first), or null after the last one. */
export function nextTryAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + (RETRY_DELAYS_S[attempts - 1] ?? 0) * 1000);
}
