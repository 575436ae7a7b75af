// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../test/render';
import { Button } from './button';
import { NEEDS_CONNECTION, useNeedsConnection } from './needs-connection';
import { PENDING_CLASS } from './pending';

/*
 * useNeedsConnection in jsdom: the note and aria-disabled while offline, a press refused (a click
 * and a form's submit), and everything back as it was when the connection returns, without a new
 * render from the caller. tests/e2e/offline.spec.ts presses the site's real buttons in Chromium.
 */

setUpComponentTests();
afterEach(() => act(() => onlineManager.setOnline(true)));

const goOffline = () => act(() => onlineManager.setOnline(false));
const goOnline = () => act(() => onlineManager.setOnline(true));

function Pay({
  onPay,
  busy = false,
  needed,
}: {
  onPay: () => void;
  busy?: boolean;
  needed?: boolean;
}) {
  const connection = useNeedsConnection(needed);
  return (
    <div>
      <p id="amount">Total 120 USD</p>
      <Button
        onClick={onPay}
        {...connection.button({
          className: PENDING_CLASS,
          'aria-disabled': busy,
          'aria-describedby': 'amount',
        })}
      >
        Pay
      </Button>
      {connection.note}
    </div>
  );
}

function SendForm({ onSend }: { onSend: () => void }) {
  const connection = useNeedsConnection();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label>
        Message <input />
      </label>
      <Button type="submit" {...connection.button()}>
        Send
      </Button>
      {connection.note}
    </form>
  );
}

describe('useNeedsConnection', () => {
  it('online, leaves the button as it is', async () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).not.toHaveAttribute('aria-disabled');
    expect(pay).toHaveAccessibleDescription('Total 120 USD');
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();
    await userEvent.click(pay);
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('keeps a pending button aria-disabled online', () => {
    render(<Pay onPay={() => {}} busy />);
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offline, says so beside the button, describes it with that, and refuses the press', async () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} />);
    goOffline();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(screen.getByText(NEEDS_CONNECTION)).toBeVisible();
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled, not disabled: it keeps focus, so its reason can be read.
    expect(pay).toBeEnabled();
    pay.focus();
    expect(pay).toHaveFocus();
    expect(pay).toHaveAccessibleDescription(`Total 120 USD ${NEEDS_CONNECTION}`);
    await userEvent.click(pay);
    await userEvent.keyboard('{Enter}');
    expect(onPay).not.toHaveBeenCalled();
  });

  it('works again when the connection returns, with no new render from its owner', async () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} />);
    goOffline();
    goOnline();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();
    expect(pay).not.toHaveAttribute('aria-disabled');
    expect(pay).toHaveAccessibleDescription('Total 120 USD');
    await userEvent.click(pay);
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('offline, leaves alone a button whose action does not need the network now', async () => {
    const onPay = vi.fn();
    render(<Pay onPay={onPay} needed={false} />);
    goOffline();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(NEEDS_CONNECTION)).toBeNull();
    await userEvent.click(pay);
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('offline, a submit button sends its form neither by a click nor by Enter in a field', async () => {
    const onSend = vi.fn();
    render(<SendForm onSend={onSend} />);
    goOffline();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    goOnline();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
