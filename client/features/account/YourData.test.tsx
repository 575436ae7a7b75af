// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_EXPORT, AUTH_MESSAGES, AUTH_PATHS } from '../../../contracts/auth.values';
import { Toaster } from '../../components/ui/toaster';
import { MAIN_CONTENT_ID } from '../../lib/landmarks';
import { createQueryClient } from '../../lib/query-client';
import AccountPage from '../../pages/AccountPage';
import { accountQuery } from './api';
import { confirmProblem } from './delete-account-form';

/*
 * The account page's "Your data" in jsdom, with only `fetch` standing in for the server: the
 * download asks first and hands the archive to the browser once, a sign-in too old is explained
 * and offered (then the download carries on, the deletion waits for its press), the address typed
 * is checked here and by the server, and a deletion leaves the browser signed out.
 * tests/e2e/accounts.spec.ts downloads and deletes for real in Chromium.
 */

const EMAIL = 'ada@example.com';
const ACCOUNT = {
  signedIn: true,
  email: EMAIL,
  createdAt: '2026-11-26T10:00:00.000Z',
  betaAccessCode: null,
  sessions: [
    {
      id: 's1',
      createdAt: '2026-11-26T10:00:00.000Z',
      lastSeenAt: '2026-11-26T10:00:00.000Z',
      label: 'Firefox on Linux',
      current: true,
    },
  ],
  passkeys: [],
};
const STALE = {
  status: 403,
  body: { message: AUTH_MESSAGES.reauthenticate, reauthenticate: true },
};

type Answer = { status: number; body?: unknown };
let requests: { method: string; path: string; body: unknown }[];
/** What the server answers, by "METHOD path"; a list is answered in turn, its last kept. */
let answers: Record<string, Answer | Answer[]>;
/** The downloads the page handed to the browser: the links it clicked. */
let downloads: { href: string | null; download: string }[];

function answerFor(key: string): Answer {
  const answer = answers[key];
  if (!Array.isArray(answer)) return answer ?? { status: 404, body: { message: 'Not Found' } };
  return (answer.length > 1 ? answer.shift() : answer[0])!;
}

function recordDownload(event: MouseEvent) {
  const link = (event.target as Element).closest('a[download]');
  if (!(link instanceof HTMLAnchorElement)) return;
  // jsdom cannot download: the link's own default (a navigation) is not run.
  event.preventDefault();
  downloads.push({ href: link.getAttribute('href'), download: link.download });
}

beforeEach(() => {
  requests = [];
  downloads = [];
  answers = {
    [`GET ${AUTH_PATHS.account}`]: { status: 200, body: ACCOUNT },
    [`HEAD ${AUTH_PATHS.accountExport}`]: { status: 200 },
    [`POST ${AUTH_PATHS.requestEmail}`]: { status: 202, body: { message: AUTH_MESSAGES.mailSent } },
    [`POST ${AUTH_PATHS.emailCode}`]: { status: 200, body: ACCOUNT },
    [`DELETE ${AUTH_PATHS.account}`]: { status: 204 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ method, path: url, body: JSON.parse(String(init.body ?? 'null')) });
      // A moment on the way, as over a network: a second press meanwhile must send nothing.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { status, body } = answerFor(`${method} ${url}`);
      const empty = status === 204 || method === 'HEAD' || body === undefined;
      return empty ? new Response(null, { status }) : Response.json(body, { status });
    }),
  );
  document.addEventListener('click', recordDownload);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  document.removeEventListener('click', recordDownload);
  vi.unstubAllGlobals();
});

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

async function showAccountPage() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountQuery.queryKey, ACCOUNT);
  queryClient.setQueryData(['planner', 'trips'], [{ id: 'ada’s trip' }]);
  render(
    <QueryClientProvider client={queryClient}>
      <main id={MAIN_CONTENT_ID}>
        <AccountPage />
      </main>
      <Toaster />
    </QueryClientProvider>,
  );
  const section = await screen.findByRole('region', { name: 'Your data' });
  return { queryClient, section, user: userEvent.setup() };
}

/** Signs in again in the dialog the page offers: its address is the account's already. */
async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
  const address = within(dialog).getByRole('textbox', { name: 'E-mail address' });
  await waitFor(() => expect(address).toHaveFocus());
  expect(address).toHaveValue(EMAIL);
  await user.keyboard('{Enter}');
  const code = await within(dialog).findByRole('textbox', { name: 'Sign-in code' });
  await waitFor(() => expect(code).toHaveFocus());
  await user.type(code, '123456{Enter}');
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('the deletion’s check', () => {
  it('takes the account’s address in any case, with spaces around, and nothing else', () => {
    expect(confirmProblem('  Ada@Example.COM ', EMAIL)).toBeUndefined();
    expect(confirmProblem('ada@example.org', EMAIL)).toBe(AUTH_MESSAGES.deleteConfirm);
    expect(confirmProblem('', EMAIL)).toBe(AUTH_MESSAGES.deleteConfirm);
  });
});

describe('Download my data', () => {
  it('asks first, then hands one download to the browser however fast it is pressed', async () => {
    const { section, user } = await showAccountPage();
    expect(section).toHaveTextContent(/sign-in within the last 10 minutes/);
    const button = within(section).getByRole('button', { name: 'Download my data' });
    await user.dblClick(button);
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/started/));
    expect(within(section).getByRole('status')).toHaveTextContent(ACCOUNT_EXPORT.fileName);
    expect(sent('HEAD', AUTH_PATHS.accountExport)).toHaveLength(1);
    expect(sent('GET', AUTH_PATHS.accountExport)).toHaveLength(0);
    expect(downloads).toEqual([
      { href: AUTH_PATHS.accountExport, download: ACCOUNT_EXPORT.fileName },
    ]);
    // Pending meanwhile: a late second press starts nothing either.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(downloads).toHaveLength(1);
  });

  it('a sign-in too old: says why, offers the sign-in, and then the download starts', async () => {
    answers[`HEAD ${AUTH_PATHS.accountExport}`] = [STALE, { status: 200 }];
    const { section, user } = await showAccountPage();
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.reauthenticate);
    expect(alert).toHaveTextContent(/your download starts by itself/);
    expect(downloads).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    await signInAgain(user);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/started/));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: /download/i })).toHaveFocus(),
    );
  });

  it('shows the server’s refusal in words', async () => {
    answers[`HEAD ${AUTH_PATHS.accountExport}`] = { status: 429 };
    const { section, user } = await showAccountPage();
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/too often/);
    expect(downloads).toEqual([]);
  });
});

describe('Delete my account', () => {
  async function openDeletion() {
    const page = await showAccountPage();
    await page.user.click(within(page.section).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const field = within(dialog).getByRole('textbox', {
      name: 'Type your e-mail address to confirm',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    return { ...page, dialog, field, confirm };
  }

  it('says what goes and what stays, and checks the address before sending', async () => {
    const { dialog, field, confirm, user } = await openDeletion();
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    for (const words of [/trips/, /bookings.*receipts/, /photos, videos and travel movies/]) {
      expect(within(dialog).getByText(words)).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/every device .* is signed out/)).toBeInTheDocument();
    expect(within(dialog).getByText(/beta programme sign-up .* stays/)).toBeInTheDocument();
    expect(within(dialog).getByText(/download your data first/)).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAccessibleDescription(new RegExp(EMAIL));

    await user.type(field, 'ada@example.org');
    await user.click(confirm);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(AUTH_MESSAGES.deleteConfirm));
    expect(sent('DELETE', AUTH_PATHS.account)).toEqual([]);
  });

  it('puts the server’s refusal of the address on the field', async () => {
    answers[`DELETE ${AUTH_PATHS.account}`] = {
      status: 400,
      body: {
        message: AUTH_MESSAGES.deleteConfirm,
        errors: [{ path: 'confirm', message: AUTH_MESSAGES.deleteConfirm }],
      },
    };
    const { field, confirm, user } = await openDeletion();
    await user.type(field, EMAIL);
    await user.click(confirm);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(new RegExp(AUTH_MESSAGES.deleteConfirm)),
    );
    expect(field).toHaveFocus();
  });

  it('a sign-in too old: offers the sign-in, then deletes only when pressed again', async () => {
    answers[`DELETE ${AUTH_PATHS.account}`] = [STALE, { status: 204 }];
    const { dialog, field, confirm, user } = await openDeletion();
    await user.type(field, ` ${EMAIL.toUpperCase()} `);
    await user.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.reauthenticate);
    expect(alert).toHaveTextContent(/Nothing is deleted until you do/);

    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    await signInAgain(user);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(within(dialog).getByRole('status')).toHaveTextContent(/signed in again/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue(EMAIL.toUpperCase());
    expect(sent('DELETE', AUTH_PATHS.account)).toHaveLength(1);
  });

  it('deletes once for a double press: signed out, said so, focus on the page’s heading', async () => {
    const { field, confirm, user, queryClient } = await openDeletion();
    await user.type(field, ` ${EMAIL.toUpperCase()} `);
    await user.dblClick(confirm);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toHaveFocus(),
    );
    expect(sent('DELETE', AUTH_PATHS.account)).toEqual([
      { method: 'DELETE', path: AUTH_PATHS.account, body: { confirm: EMAIL.toUpperCase() } },
    ]);
    expect(queryClient.getQueryData(accountQuery.queryKey)).toEqual({ signedIn: false });
    expect(queryClient.getQueryData(['planner', 'trips'])).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('button')).toHaveTextContent('Sign in');
    expect(screen.getByText('Your account is deleted')).toBeInTheDocument();
  });
});
