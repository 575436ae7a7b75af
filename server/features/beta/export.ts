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

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV Injection"): one that starts with =, +, -
 * or @, or with a tab or carriage return, which some spreadsheets skip before looking for those. A
 * leading space is looked past too, since an import that trims spaces would uncover the formula.
 */
const FORMULA_START = /^[ \t\r]*[=+\-@]|^[\t\r]/;
/**
 * Left alone although it starts with + or -: a plain signed number, such as the E.164 phone
 * +14155550132. A spreadsheet reads it as that number, which runs nothing (no function, no
 * reference, no second operator), and the file keeps the number as stored for any other reader
 * (a CRM import, a script), where an apostrophe would be a corrupted phone number.
 */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The cell as text a spreadsheet shows and never evaluates: OWASP's leading apostrophe. */
export function inertCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The owner's list of sign-ups as CSV (RFC 4180), one row each, verified state included. Every
 * visitor-typed cell is made inert (inertCell), and every field is quoted, as OWASP advises: a
 * spreadsheet whose list separator is ";" would otherwise split an unquoted "x;=HYPERLINK(…)" and
 * run the second half.
 */
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
  return stringify([header, ...records.map((record) => record.map(inertCell))], {
    quoted: true,
  });
}
