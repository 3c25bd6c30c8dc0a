/**
 * The campaign popup's vouchers (docs/product/account.md §2, Campaign popup): 50K off at 300K, 100K off at
 * 500K, shipping up to 17K off at 250K, one use each. Real vouchers checkout accepts (decision 018);
 * the popup shows them, with their validity, from GET /api/v1/member/campaign (decision 034).
 */
export const CAMPAIGN_VOUCHER_CODES = ['CAMPAIGN50K', 'CAMPAIGN100K', 'ONGKIR17K'] as const
