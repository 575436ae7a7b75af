import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isAlreadyPaid, isCardUnavailable, isUnconfirmed, paymentErrorMessage } from './api';

/** An error as apiRequest makes it from the contract's envelope. */
function apiError(status: number, body: { message: string; errors?: unknown[] }) {
  return new ApiError(status, JSON.stringify(body));
}

describe('paymentErrorMessage', () => {
  it("prefers a 400's first field message, which says what is wrong", () => {
    const error = apiError(400, {
      message: 'Invalid request',
      errors: [{ path: 'amount', message: 'The amount of this booking is 687.50 USD' }],
    });
    expect(paymentErrorMessage(error, 'fallback')).toBe('The amount of this booking is 687.50 USD');
  });

  it("uses the server's message otherwise, and the fallback for anything else", () => {
    expect(
      paymentErrorMessage(apiError(409, { message: 'This booking is already paid' }), 'x'),
    ).toBe('This booking is already paid');
    expect(paymentErrorMessage(new ApiError(502, 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(paymentErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

describe('the kinds of payment failure', () => {
  it('tells a transaction still on its way from a refused one', () => {
    const notMined = apiError(409, {
      message: 'The transaction is not mined yet. Wait a moment, then check again.',
    });
    expect(isUnconfirmed(notMined)).toBe(true);
    expect(
      isUnconfirmed(apiError(503, { message: 'The blockchain network is not answering.' })),
    ).toBe(true);
    expect(isUnconfirmed(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnconfirmed(apiError(400, { message: 'The transaction failed on the chain' }))).toBe(
      false,
    );
    expect(isUnconfirmed(apiError(409, { message: 'This booking is already paid' }))).toBe(false);
  });

  it('recognises an already paid booking and the card demo mode', () => {
    expect(isAlreadyPaid(apiError(409, { message: 'This booking is already paid' }))).toBe(true);
    expect(isAlreadyPaid(apiError(409, { message: 'The transaction is not mined yet.' }))).toBe(
      false,
    );
    expect(isCardUnavailable(apiError(503, { message: 'not available in demo mode' }))).toBe(true);
    expect(isCardUnavailable(apiError(500, { message: 'Internal Server Error' }))).toBe(false);
  });
});
