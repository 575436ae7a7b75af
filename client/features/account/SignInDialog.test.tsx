// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, AUTH_PATHS } from '../../../contracts/auth.values';
import { NEEDS_CONNECTION } from '../../components/ui/needs-connection';
import { createQueryClient } from '../../lib/query-client';
import { renderWithQueryClient, setUpComponentTests, stubFetch } from '../../test/render';
import { accountQuery } from './api';
import SignInDialog from './SignInDialog';
import { codeAsSent, codeProblem, emailProblem } from './sign-in-form';

/*
 * The sign-in dialog in jsdom: its checks, focus on each step, one request per press, the code as
 * sent, the server's message on the code field, and what a sign-in changes in the cache.
 * tests/e2e/accounts.spec.ts signs in for real in Chromium.
 */

const EMAIL = 'ada@example.com';
const ACCOUNT = {
  signedIn: true,
  email: EMAIL,
  createdAt: '2026-11-26T10:00:00.000Z',
  betaAccessCode: null,
  sessions: [],
  passkeys: [],
};

type Answer = { status: number; body?: unknown };
let requests: { path: string; body: unknown }[];
let answers: Record<string, Answer>;

beforeEach(() => {
  requests = [];
  answers = {
    [AUTH_PATHS.requestEmail]: { status: 202, body: { message: AUTH_MESSAGES.mailSent } },
    [AUTH_PATHS.emailCode]: { status: 200, body: ACCOUNT },
  };
  stubFetch(async (url, init) => {
    requests.push({ path: url, body: JSON.parse(String(init.body ?? 'null')) });
    // A moment on the way, as over a network: a second press meanwhile must send nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = answers[url] ?? { status: 404, body: { message: 'Not Found' } };
    return Response.json(answer.body, { status: answer.status });
  });
});
setUpComponentTests();

function openDialog(client?: QueryClient) {
  const onOpenChange = vi.fn();
  const { queryClient } = renderWithQueryClient(
    <SignInDialog open onOpenChange={onOpenChange} />,
    client,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Sign in' }), onOpenChange, queryClient };
}

const emailField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'E-mail address' });
const codeField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Sign-in code' });

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(emailField(dialog), `  ${EMAIL} `);
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(codeField(dialog)).toHaveFocus());
}

describe('the sign-in checks', () => {
  it('take a code typed with spaces, and only six digits', () => {
    expect(codeAsSent(' 123 456 ')).toBe('123456');
    expect(codeProblem('123 456')).toBeUndefined();
    expect(codeProblem('12345')).toBe(AUTH_MESSAGES.code);
    expect(codeProblem('12345a')).toBe(AUTH_MESSAGES.code);
    expect(emailProblem(' ada@example.com ')).toBeUndefined();
    expect(emailProblem('ada@example')).toBe(AUTH_MESSAGES.email);
    expect(emailProblem('')).toBe(AUTH_MESSAGES.email);
  });
});

describe('the sign-in dialog', () => {
  it('says why to sign in, starts in the address field and checks it before sending', async () => {
    const user = userEvent.setup();
    const { dialog } = openDialog();
    expect(dialog).toHaveAccessibleDescription(/on every device\. No password\./);
    await waitFor(() => expect(emailField(dialog)).toHaveFocus());
    expect(emailField(dialog)).toHaveAttribute('autocomplete', 'email');
    expect(emailField(dialog)).toHaveAttribute('inputmode', 'email');

    await user.type(emailField(dialog), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(emailField(dialog)).toHaveAccessibleDescription(/valid email/));
    expect(emailField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('sends one request for a double press, then asks for the code mailed to the address', async () => {
    const user = userEvent.setup();
    const { dialog } = openDialog();
    await user.type(emailField(dialog), EMAIL);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(codeField(dialog)).toHaveFocus());
    expect(requests).toEqual([{ path: AUTH_PATHS.requestEmail, body: { email: EMAIL } }]);
    expect(codeField(dialog)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField(dialog)).toHaveAttribute('inputmode', 'numeric');
    expect(codeField(dialog)).toHaveAccessibleDescription(new RegExp(AUTH_MESSAGES.mailSent));
    expect(within(dialog).getByText(EMAIL)).toBeInTheDocument();

    // Back to the address, kept as typed.
    await user.click(within(dialog).getByRole('button', { name: 'Use a different address' }));
    await waitFor(() => expect(emailField(dialog)).toHaveFocus());
    expect(emailField(dialog)).toHaveValue(EMAIL);
  });

  it('puts the server’s refusal on the code field, and asks for a new code', async () => {
    const user = userEvent.setup();
    answers[AUTH_PATHS.emailCode] = {
      status: 400,
      body: { message: 'Invalid', errors: [{ path: 'code', message: AUTH_MESSAGES.codeRejected }] },
    };
    const { dialog } = openDialog();
    await reachCodeStep(user, dialog);
    await user.type(codeField(dialog), '123 456');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(codeField(dialog)).toHaveAccessibleDescription(
        new RegExp(AUTH_MESSAGES.codeRejected.replace('.', '\\.')),
      ),
    );
    expect(codeField(dialog)).toHaveFocus();
    expect(requests.at(-1)).toEqual({
      path: AUTH_PATHS.emailCode,
      body: { email: EMAIL, code: '123456' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(AUTH_MESSAGES.mailSent));
    expect(requests.filter((r) => r.path === AUTH_PATHS.requestEmail)).toHaveLength(2);
  });

  it('a six-digit code signs in: the dialog closes and the account replaces every read', async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['planner', 'trips'], [{ id: 'someone-else’s' }]);
    queryClient.setQueryData(accountQuery.queryKey, { signedIn: false });
    const { dialog, onOpenChange } = openDialog(queryClient);
    await reachCodeStep(user, dialog);
    await user.type(codeField(dialog), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(queryClient.getQueryData(accountQuery.queryKey)).toEqual(ACCOUNT);
    expect(queryClient.getQueryData(['planner', 'trips'])).toBeUndefined();
  });

  describe('offline', () => {
    afterEach(() => act(() => onlineManager.setOnline(true)));

    it('Send code says it needs a connection and sends nothing, then sends once it is back', async () => {
      const user = userEvent.setup();
      const { dialog } = openDialog();
      act(() => onlineManager.setOnline(false));
      const send = within(dialog).getByRole('button', { name: 'Send code' });
      expect(send).toHaveAttribute('aria-disabled', 'true');
      expect(send).toHaveAccessibleDescription(NEEDS_CONNECTION);
      await user.type(emailField(dialog), `${EMAIL}{Enter}`);
      await user.click(send);
      expect(requests).toEqual([]);
      // Still the address step, with focus on the button pressed.
      expect(send).toHaveFocus();
      expect(within(dialog).queryByRole('textbox', { name: 'Sign-in code' })).toBeNull();

      act(() => onlineManager.setOnline(true));
      expect(within(dialog).queryByText(NEEDS_CONNECTION)).toBeNull();
      await user.click(send);
      await waitFor(() => expect(codeField(dialog)).toHaveFocus());
      expect(requests).toEqual([{ path: AUTH_PATHS.requestEmail, body: { email: EMAIL } }]);
    });
  });
});
