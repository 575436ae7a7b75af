import type { Locator, Page, TestInfo } from '@playwright/test';
import { BETA_MESSAGES } from '../../contracts/beta';
import { expect, test } from './fixtures';
import { failedResourceLog, holdRequests } from './helpers';

/*
 * The server allows 10 sign-ups an hour per address, and one server serves both projects: this file
 * makes 2 real sign-up requests per project (the two of the duplicate test), and
 * keyboard-journeys.spec.ts one more (the whole wizard by keyboard).
 */

const SIGNUP_API = '**/api/beta/signup';
const VERIFY_API = '**/api/beta/verify-email**';
const RESEND_API = '**/api/beta/resend-verification';
const PHONE = '(415) 555-0132';

/** An address no other test (or earlier run against this database) used. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}@example.com`;
}

/**
 * A toast, by its title. While the modal wizard is open the rest of the page (the toasts' region
 * too) is hidden from assistive technology, so the toast is found with hidden elements included;
 * Radix announces each toast through its own live region meanwhile.
 */
const toastItem = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Join the Beta' });
const stepHeading = (dialog: Locator, name: string) =>
  dialog.getByRole('heading', { level: 3, name: new RegExp(`${name}$`) });

async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Join Beta Testing' }).click();
  const dialog = wizard(page);
  await expect(stepHeading(dialog, 'Contact Information')).toBeVisible();
  return dialog;
}

async function expectProgress(dialog: Locator, step: number) {
  const progress = dialog.getByRole('progressbar', { name: 'Sign-up progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(step * 25));
  await expect(progress).toHaveAttribute('aria-valuetext', `Step ${step} of 4, ${step * 25}%`);
  await expect(dialog.getByText(`Step ${step} of 4`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${step * 25}%`, { exact: true })).toBeVisible();
}

/** A new step: the progress moved on and its heading has focus (announced as "Step N of 4: …"). */
async function expectStep(dialog: Locator, step: number, name: string) {
  await expectProgress(dialog, step);
  await expect(stepHeading(dialog, name)).toBeFocused();
  await expect(stepHeading(dialog, name)).toHaveAccessibleName(`Step ${step} of 4: ${name}`);
}

/** Step 1 by mouse and typing (keyboard-journeys.spec.ts does it with Tab). */
async function fillContact(dialog: Locator, email: string) {
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
  await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill(PHONE);
  await dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }).fill(email);
}

test.describe('beta sign-up wizard', () => {
  test.use({ reducedMotion: 'reduce' });

  test('step 1 without answers shows the three messages beside their fields', async ({
    page,
    checkA11y,
  }) => {
    const dialog = await openWizard(page);
    await expectProgress(dialog, 1);
    // On opening, focus starts in the first field.
    await expect(dialog.getByRole('textbox', { name: 'First name', exact: true })).toBeFocused();
    await checkA11y(page);

    await dialog.getByRole('button', { name: 'Next' }).click();
    const fields = [
      [dialog.getByRole('textbox', { name: 'First name', exact: true }), BETA_MESSAGES.firstName],
      [dialog.getByRole('textbox', { name: 'Last name', exact: true }), BETA_MESSAGES.lastName],
      [dialog.getByRole('textbox', { name: 'Phone number', exact: true }), BETA_MESSAGES.phone],
    ] as const;
    for (const [field, message] of fields) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message));
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    // The e-mail is optional: no message for it.
    await expect(
      dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }),
    ).not.toHaveAttribute('aria-invalid');
    await expect(dialog.getByRole('textbox', { name: 'First name', exact: true })).toBeFocused();
    await expect(stepHeading(dialog, 'Contact Information')).toBeVisible();
    await checkA11y(page);

    // A number that does not exist in the chosen country is caught here, not after step 4.
    await fillContact(dialog, '');
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill('12');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(
      dialog.getByRole('textbox', { name: 'Phone number', exact: true }),
    ).toHaveAccessibleDescription(/Please enter a valid phone number for US/);
    await expect(dialog.getByRole('textbox', { name: 'Phone number', exact: true })).toBeFocused();
    await dialog.getByRole('combobox', { name: 'Country of your phone number' }).selectOption('GB');
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill('020 7946 0018');
    await dialog
      .getByRole('textbox', { name: 'E-mail (optional)', exact: true })
      .fill('not an address');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(
      dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }),
    ).toHaveAccessibleDescription(new RegExp(BETA_MESSAGES.email));
    await expect(
      dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }),
    ).toBeFocused();
    await dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectStep(dialog, 2, 'Travel Profile');
  });

  test('step 4 without the agreements shows their four messages; the draft survives closing', async ({
    page,
    checkA11y,
  }, testInfo) => {
    const signups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/beta/signup')) signups.push(r.method());
    });
    const dialog = await openWizard(page);
    const email = uniqueEmail(testInfo, 'draft');
    await fillContact(dialog, email);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectStep(dialog, 2, 'Travel Profile');
    await dialog.getByRole('checkbox', { name: 'Historic sites' }).check();

    // Closing and opening again keeps the step and the answers.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Join the Beta' }).click();
    await expect(stepHeading(dialog, 'Travel Profile')).toBeFocused();
    await expect(dialog.getByRole('checkbox', { name: 'Historic sites' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expectStep(dialog, 1, 'Contact Information');
    await expect(dialog.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(
      'Ada',
    );
    await expect(dialog.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue(
      PHONE,
    );
    await expect(
      dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }),
    ).toHaveValue(email);

    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'Next' }).click();
    await expectStep(dialog, 4, 'Legal Agreements');
    await dialog.getByRole('button', { name: 'Complete Sign-up' }).click();

    const messages = [
      ['I agree to the terms and conditions', BETA_MESSAGES.agreedToTerms],
      ['I agree to the privacy policy', BETA_MESSAGES.agreedToPrivacy],
      ['I consent to the processing', BETA_MESSAGES.agreedToDataProcessing],
      ['I agree to provide feedback', BETA_MESSAGES.agreedToFeedback],
    ] as const;
    for (const [label, message] of messages) {
      const box = dialog.getByRole('checkbox', { name: new RegExp(`^${label}`) });
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveAccessibleDescription(message);
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('checkbox', { name: /^I agree to the terms/ })).toBeFocused();
    await checkA11y(page);
    expect(signups).toEqual([]);

    // Ticking one clears its message.
    await dialog.getByRole('checkbox', { name: /^I agree to the terms/ }).check();
    await expect(dialog.getByText(BETA_MESSAGES.agreedToTerms, { exact: true })).toBeHidden();
  });

  test('a second sign-up with the same e-mail says Already registered and keeps the answers', async ({
    page,
    consoleGuard,
  }, testInfo) => {
    consoleGuard.allow(failedResourceLog(409));
    const email = uniqueEmail(testInfo, 'twice');
    const first = await page.request.post('/api/beta/signup', {
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: PHONE,
        email,
        agreedToTerms: true,
        agreedToPrivacy: true,
        agreedToDataProcessing: true,
        agreedToFeedback: true,
      },
    });
    expect(first.status()).toBe(201);

    const dialog = await openWizard(page);
    await fillContact(dialog, email.toUpperCase());
    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'Next' }).click();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();

    const release = await holdRequests(page, SIGNUP_API);
    const submit = dialog.getByRole('button', { name: 'Complete Sign-up' });
    await submit.click();
    const pending = dialog.getByRole('button', { name: 'Signing up…' });
    await expect(pending).toBeDisabled();
    await expect(pending).toBeFocused();
    release();

    await expect(toastItem(page, 'Already registered')).toContainText(
      'This email is already signed up for beta access. Check your email for your access code.',
    );
    await expect(dialog.getByRole('alert')).toContainText('Already registered');
    await expect(submit).toBeEnabled();
    for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(
      dialog.getByRole('textbox', { name: 'E-mail (optional)', exact: true }),
    ).toHaveValue(email.toUpperCase());
  });

  test('field errors from the server send the traveller back to the field', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(400));
    // The server's own checks are covered by the API tests; here only its answer is replayed.
    await page.route(SIGNUP_API, (route) =>
      route.fulfill({
        status: 400,
        json: {
          message: 'Invalid sign-up',
          errors: [{ path: 'lastName', message: 'At most 100 characters' }],
        },
      }),
    );
    const dialog = await openWizard(page);
    await fillContact(dialog, '');
    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'Next' }).click();
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await dialog.getByRole('button', { name: 'Complete Sign-up' }).click();

    await expect(toastItem(page, 'Signup failed')).toContainText(
      'Something went wrong. Please try again.',
    );
    await expect(stepHeading(dialog, 'Contact Information')).toBeVisible();
    const lastName = dialog.getByRole('textbox', { name: 'Last name', exact: true });
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAccessibleDescription('At most 100 characters');
    await expect(lastName).toHaveValue('Lovelace');
    await expect(dialog.getByRole('alert')).toContainText('Signup failed');
  });
});

test.describe('verify-email page', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a link without its token or e-mail is invalid, and nothing is asked of the server', async ({
    page,
    checkA11y,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/beta/')) calls.push(r.url());
    });
    for (const url of [
      '/verify-email',
      '/verify-email?token=abc',
      '/verify-email?email=a%40b.co',
    ]) {
      await page.goto(url);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Invalid Verification Link' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/');
    }
    await checkA11y(page);
    expect(calls).toEqual([]);
  });

  test('a wrong token shows the server error, and Resend says a new link is on its way', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(400));
    await page.goto('/verify-email?token=not-the-token&email=nobody%40example.com');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Verification Failed' }),
    ).toBeFocused();
    await expect(page.getByText(/This verification link is not valid/)).toBeVisible();
    await expect(page.getByText(/expire after 24 hours/)).toHaveCount(0);
    await checkA11y(page);

    const request = page.waitForRequest(RESEND_API);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    expect((await request).postDataJSON()).toEqual({ email: 'nobody@example.com' });
    await expect(
      page.getByRole('status').filter({ hasText: 'a new verification link is on its way' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return home' })).toBeVisible();
    await checkA11y(page);
  });

  test('an expired link says links last 24 hours; a failed resend is explained on the page', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(410));
    consoleGuard.allow(failedResourceLog(429));
    // Expiry takes 24 hours of real time: the server's answer is replayed (the API tests cover it).
    await page.route(VERIFY_API, (route) =>
      route.fulfill({
        status: 410,
        json: {
          verified: false,
          error: 'This verification link has expired. Ask for a new one below.',
          message: 'Verification link expired',
        },
      }),
    );
    await page.route(RESEND_API, (route) =>
      route.fulfill({
        status: 429,
        json: { message: 'Too many requests: try again in an hour.' },
      }),
    );
    await page.goto('/verify-email?token=old&email=late%40example.com');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Verification Failed' }),
    ).toBeFocused();
    await expect(
      page.getByText('This verification link has expired.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/Verification links expire after 24 hours/)).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many requests: try again in an hour.');
    await checkA11y(page);
  });

  test('a failure without a readable answer shows the generic error', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(500));
    let calls = 0;
    await page.route(VERIFY_API, (route) => {
      calls++;
      return route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
    });
    await page.goto('/verify-email?token=t&email=e%40example.com');
    await expect(page.getByText('An error occurred during verification.')).toBeVisible();
    // Spec §4: the verification is not retried.
    expect(calls).toBe(1);
  });

  test('a verified answer shows the code, the checklist and Start Using', async ({
    page,
    checkA11y,
  }) => {
    await page.route(VERIFY_API, (route) =>
      route.fulfill({ json: { verified: true, accessCode: 'BETA-7K3M-Q9XD' } }),
    );
    await page.goto('/verify-email?token=t&email=e%40example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
    await expect(page.getByText('BETA-7K3M-Q9XD', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Your e-mail address is confirmed.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Using' })).toHaveAttribute('href', '/');
    await checkA11y(page);
  });
});
