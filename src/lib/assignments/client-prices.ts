/**
 * What the client pays for a billing, as the talent may see it. The company decides per
 * assignment whether its client prices are shown to the talent
 * (clientPricesIsVisibleToTalent); without that, the talent sees nothing of them.
 */
export interface ClientPriceAssignment {
  clientPricesIsVisibleToTalent: boolean;
  salesCompanyId: string | null;
  providerCompanyId: string | null;
}

export interface ClientPriceBilling {
  /** What the talent bills. */
  amount: string;
  /** What the client is billed, set when a sales or provider company sits in between. */
  salesAmount: string | null;
}

/**
 * The client's price for a billing, or null when the talent may not see it or it is not
 * known yet. With nobody in between the client pays the talent's own amount; with a
 * sales or provider company in between only their sales amount says what the client pays.
 */
export function clientAmountForTalent(assignment: ClientPriceAssignment, billing: ClientPriceBilling): string | null {
  if (!assignment.clientPricesIsVisibleToTalent) return null;
  if (billing.salesAmount !== null) return billing.salesAmount;
  const intermediated = assignment.salesCompanyId !== null || assignment.providerCompanyId !== null;
  return intermediated ? null : billing.amount;
}
