import { stringify } from 'csv-stringify/sync';
import type { SignupRow } from './repository.js';

const PROFILE_COLUMNS = [
  'preferredContact',
  'travelInterests',
  'accessibilityNeeds',
  'travelFrequency',
  'budgetRange',
  'emailNotifications',
  'smsNotifications',
  'marketingEmails',
  'feedbackReminders',
  'referralSource',
] as const;

/** The owner's list of sign-ups as CSV (RFC 4180), one row each, verified state included. */
export function signupsCsv(rows: readonly SignupRow[]): string {
  const header = [
    'createdAt',
    'firstName',
    'lastName',
    'phone',
    'countryCode',
    'email',
    'verified',
    'verifiedAt',
    'accessCode',
    ...PROFILE_COLUMNS,
  ];
  const records = rows.map((row) => {
    const profile = JSON.parse(row.profile) as Record<string, unknown>;
    return [
      row.createdAt,
      row.firstName,
      row.lastName,
      row.phone,
      row.countryCode,
      row.email ?? '',
      row.verifiedAt ? 'yes' : 'no',
      row.verifiedAt ?? '',
      row.accessCode,
      ...PROFILE_COLUMNS.map((column) => {
        const value = profile[column];
        return Array.isArray(value) ? value.join(';') : value === undefined ? '' : String(value);
      }),
    ];
  });
  return stringify([header, ...records]);
}
