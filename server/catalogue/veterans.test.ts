import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../contracts/dates.js';
import { INTERNATIONAL_NUMBER_PATTERN } from '../../contracts/emergency.js';
import { EMERGENCY_CONTACTS_CHECKED_AT } from './emergency-contacts.js';
import { SMART_TRAVELER_ENROLLMENT_PROGRAM, VETERANS_CRISIS_LINE } from './veterans.js';

describe('the veterans help lines', () => {
  it('gives the Veterans Crisis Line as VA publishes it: 988 then 1, text 838255, online chat', () => {
    expect(VETERANS_CRISIS_LINE.call).toEqual({ dial: '988', thenPress: '1' });
    expect(VETERANS_CRISIS_LINE.text).toBe('838255');
    expect(VETERANS_CRISIS_LINE.tollFreeNumber).toMatch(INTERNATIONAL_NUMBER_PATTERN);
    expect(new URL(VETERANS_CRISIS_LINE.url).hostname).toBe('www.veteranscrisisline.net');
    expect(new URL(VETERANS_CRISIS_LINE.chatUrl).hostname).toBe('www.veteranscrisisline.net');
  });

  it('points to the official Smart Traveler Enrollment Program', () => {
    expect(SMART_TRAVELER_ENROLLMENT_PROGRAM.url).toBe('https://step.state.gov');
    expect(new URL(SMART_TRAVELER_ENROLLMENT_PROGRAM.infoUrl).hostname).toBe('travel.state.gov');
  });

  it('carries an https source and the check date of both', () => {
    for (const line of [VETERANS_CRISIS_LINE, SMART_TRAVELER_ENROLLMENT_PROGRAM]) {
      expect(new URL(line.source).protocol, line.name).toBe('https:');
      expect(isIsoDate(line.checkedAt), line.name).toBe(true);
      expect(line.checkedAt <= EMERGENCY_CONTACTS_CHECKED_AT, line.name).toBe(true);
    }
  });
});
