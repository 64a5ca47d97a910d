/**
 * Money a client paid online beyond what the invoice asked for (issue 26 §5, decision 016): a second
 * Checkout Session completed, or a session opened before the amount due went down. Ardoise refunds it
 * through Stripe at once; when Stripe refuses, the freelancer is told to give it back.
 * - pending: the refund is being asked of Stripe (or the server stopped before it could);
 * - refunded: Stripe (or the local test checkout) refunded it;
 * - to_return: Stripe refused: the freelancer must refund it, then marks it returned;
 * - returned: the freelancer says they gave it back themselves.
 */
export const paymentSurplusStatuses = ["pending", "refunded", "to_return", "returned"] as const;
export type PaymentSurplusStatus = (typeof paymentSurplusStatuses)[number];

export type PaymentSurplusDto = {
  /** The Checkout Session that was paid (its id in Stripe). */
  sessionId: string;
  paidAt: string;
  /** What the client paid in that session. */
  paidCents: number;
  /** The part that went to the invoice (0 for a payment made twice). */
  appliedCents: number;
  /** The part beyond what was due. */
  surplusCents: number;
  /** Nothing of it was due any more: the invoice was already paid. */
  isDuplicate: boolean;
  status: PaymentSurplusStatus;
  /** Paid through the local test checkout: no real card was charged. */
  isTest: boolean;
  refundedAt: string | null;
  /** Why the automatic refund failed, in French (to_return only). */
  refundError: string | null;
};
