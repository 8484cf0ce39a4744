// What a payment is, in the console's words (payment history and the operator's refunds list).
export const paymentKinds: Record<string, string> = { top_up: "Top-up", auto_recharge: "Auto-recharge", refund: "Refund", dispute: "Dispute" };
