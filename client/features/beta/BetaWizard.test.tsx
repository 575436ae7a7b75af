// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BETA_MESSAGES } from '../../../contracts/beta.values';
import { renderWithQueryClient, setUpComponentTests, stubFetch } from '../../test/render';

/*
 * The wizard on the form kit, in jsdom: what tests/e2e/beta.spec.ts checks in a browser, here for
 * the parts that moved (step checks, focus, and the server's field messages).
 */

/** The wizard's draft lives as long as its module: each test loads the modules afresh. */
async function freshModules() {
  vi.resetModules();
  const [{ Dialog }, { default: BetaWizard }] = await Promise.all([
    import('../../components/ui/dialog'),
    import('./BetaWizard'),
  ]);
  return { Dialog, BetaWizard };
}
let modules: Awaited<ReturnType<typeof freshModules>>;

beforeEach(async () => {
  modules = await freshModules();
});
setUpComponentTests();

function openWizard() {
  const { Dialog, BetaWizard } = modules;
  renderWithQueryClient(
    <Dialog open>
      <BetaWizard />
    </Dialog>,
  );
  return screen.getByRole('dialog', { name: 'Join the Beta' });
}

const textbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name });

describe('the beta wizard', () => {
  it('step 1 without answers shows the messages beside their fields, first one focused', async () => {
    const user = userEvent.setup();
    const dialog = openWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(textbox(dialog, 'First name')).toHaveFocus());
    for (const [name, message] of [
      ['First name', BETA_MESSAGES.firstName],
      ['Last name', BETA_MESSAGES.lastName],
      ['Phone number', BETA_MESSAGES.phone],
    ] as const) {
      expect(textbox(dialog, name)).toHaveAttribute('aria-invalid', 'true');
      expect(textbox(dialog, name)).toHaveAccessibleDescription(new RegExp(message));
    }
    expect(textbox(dialog, 'E-mail (optional)')).not.toHaveAttribute('aria-invalid');

    // Typing in a field takes its message away.
    await user.type(textbox(dialog, 'First name'), 'Ada');
    expect(textbox(dialog, 'First name')).not.toHaveAttribute('aria-invalid');
  });

  it('a number that does not exist in the country is caught on Next; a good one moves on', async () => {
    const user = userEvent.setup();
    const dialog = openWizard();
    await user.type(textbox(dialog, 'First name'), 'Ada');
    await user.type(textbox(dialog, 'Last name'), 'Lovelace');
    await user.type(textbox(dialog, 'Phone number'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(textbox(dialog, 'Phone number')).toHaveFocus());
    expect(textbox(dialog, 'Phone number')).toHaveAccessibleDescription(
      'Include the area code. Please enter a valid phone number for US',
    );

    await user.clear(textbox(dialog, 'Phone number'));
    await user.type(textbox(dialog, 'Phone number'), '(415) 555-0132');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const heading = within(dialog).getByRole('heading', { level: 3 });
    await waitFor(() => expect(heading).toHaveFocus());
    // (jsdom's name computation drops the space that ends the hidden "Step 2 of 4: ".)
    expect(heading).toHaveTextContent('Step 2 of 4: Travel Profile');
  });

  it('step 4 without the agreements shows their four messages; ticking one clears its own', async () => {
    const user = userEvent.setup();
    const dialog = openWizard();
    await user.type(textbox(dialog, 'First name'), 'Ada');
    await user.type(textbox(dialog, 'Last name'), 'Lovelace');
    await user.type(textbox(dialog, 'Phone number'), '(415) 555-0132');
    for (let step = 0; step < 3; step++) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    await user.click(await within(dialog).findByRole('button', { name: 'Complete Sign-up' }));

    const terms = within(dialog).getByRole('checkbox', { name: /^I agree to the terms/ });
    await waitFor(() => expect(terms).toHaveFocus());
    const boxes = within(dialog).getAllByRole('checkbox');
    const messages = [
      BETA_MESSAGES.agreedToTerms,
      BETA_MESSAGES.agreedToPrivacy,
      BETA_MESSAGES.agreedToDataProcessing,
      BETA_MESSAGES.agreedToFeedback,
    ];
    boxes.forEach((box, index) => {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(messages[index] ?? '');
    });
    await user.click(terms);
    expect(within(dialog).queryByText(BETA_MESSAGES.agreedToTerms)).toBeNull();
    expect(within(dialog).getByText(BETA_MESSAGES.agreedToPrivacy)).toBeInTheDocument();

    // Each agreement's label links to what it agrees to, in a new tab that keeps the wizard open.
    const documents = [
      ['terms and conditions of the beta programme', '/terms'],
      ['privacy policy', '/privacy'],
      ['how we use your answers', '/privacy#beta-sign-ups'],
      ['what beta testers do', '/terms#beta-testing'],
    ] as const;
    boxes.forEach((box, index) => {
      const [name, href] = documents[index]!;
      // (jsdom drops the space that starts the hidden " (opens in a new tab)".)
      const named = `${name} ?\\(opens in a new tab\\)`;
      const link = within(dialog).getByRole('link', { name: new RegExp(`^${named}$`) });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
      expect(box).toHaveAccessibleName(new RegExp(named));
    });
  });

  it('the server’s field message sends the traveller back to the field, listed in the alert', async () => {
    const user = userEvent.setup();
    stubFetch(async () =>
      Response.json(
        {
          message: 'Invalid sign-up',
          errors: [{ path: 'lastName', message: 'At most 100 characters' }],
        },
        { status: 400 },
      ),
    );
    const dialog = openWizard();
    await user.type(textbox(dialog, 'First name'), 'Ada');
    await user.type(textbox(dialog, 'Last name'), 'Lovelace');
    await user.type(textbox(dialog, 'Phone number'), '(415) 555-0132');
    for (let step = 0; step < 3; step++) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    for (const box of await within(dialog).findAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Complete Sign-up' }));

    await waitFor(() => expect(textbox(dialog, 'Last name')).toHaveFocus());
    expect(textbox(dialog, 'Last name')).toHaveAccessibleDescription('At most 100 characters');
    expect(textbox(dialog, 'Last name')).toHaveValue('Lovelace');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Signup failed');
    expect(
      within(alert).getByRole('link', { name: 'Last name: At most 100 characters' }),
    ).toBeInTheDocument();
  });
});
