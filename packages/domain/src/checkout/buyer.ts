/**
 * Buyer modes and activity types (shopping.md §1): companies give an activity type 8491–8494 or
 * 8496; 8495 is the private buyer; business type 6008 counts as private too.
 */

export const BUSINESS_ACTIVITY_TYPES = [
  { code: 8491, name: 'Food industry' },
  { code: 8492, name: 'Catering' },
  { code: 8493, name: 'Food retail (butchers, delicatessens, shops)' },
  { code: 8494, name: 'Supermarkets and large retail' },
  { code: 8496, name: 'Other' },
] as const;

/** Activity type of the private buyer. */
export const PRIVATE_ACTIVITY_TYPE = 8495;
/** Business type that counts as a private buyer. */
export const PRIVATE_BUSINESS_TYPE = 6008;

/** Every activity type an address may carry. */
export const ACTIVITY_TYPE_CODES: readonly number[] = [
  ...BUSINESS_ACTIVITY_TYPES.map((t) => t.code),
  PRIVATE_ACTIVITY_TYPE,
  PRIVATE_BUSINESS_TYPE,
];

export function isActivityTypeCode(code: number): boolean {
  return ACTIVITY_TYPE_CODES.includes(code);
}

/** True for 8495 and 6008: the buyer is treated as private whatever else the address says. */
export function activityTypeIsPrivate(code: number | undefined): boolean {
  return code === PRIVATE_ACTIVITY_TYPE || code === PRIVATE_BUSINESS_TYPE;
}
