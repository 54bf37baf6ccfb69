import { describe, expect, it } from 'vitest';
import { activityTypeIsPrivate, isActivityTypeCode } from './buyer.ts';
import { findProvince, findProvinceByCodeOrName, isItalianProvinceCode, ITALIAN_PROVINCES, ITALIAN_REGIONS } from './provinces.ts';

describe('Italian provinces', () => {
  it('lists every province once with its region', () => {
    const codes = ITALIAN_PROVINCES.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(107);
    expect(ITALIAN_REGIONS).toHaveLength(20);
    expect(findProvince('mi')).toEqual({ code: 'MI', name: 'Milano', region: 'Lombardia' });
    expect(findProvince('MB')?.region).toBe('Lombardia');
    expect(findProvinceByCodeOrName('roma')?.code).toBe('RM');
    expect(isItalianProvinceCode('XX')).toBe(false);
  });
});

describe('activity types', () => {
  it('treats 8495 and 6008 as private', () => {
    expect(activityTypeIsPrivate(6008)).toBe(true);
    expect(activityTypeIsPrivate(8495)).toBe(true);
    expect(activityTypeIsPrivate(8491)).toBe(false);
    expect(activityTypeIsPrivate(undefined)).toBe(false);
    expect(isActivityTypeCode(8496)).toBe(true);
    expect(isActivityTypeCode(8497)).toBe(false);
  });
});
