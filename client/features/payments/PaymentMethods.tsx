import { CreditCard, Wallet } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { Booking, PaymentMethod } from '../../../contracts/bookings';
import { cn } from '../../lib/cn';
import { CardPayment } from './CardPayment';
import { CryptoPayment } from './CryptoPayment';

const METHODS: { value: PaymentMethod; label: string; hint: string; icon: ReactNode }[] = [
  {
    value: 'card',
    label: 'Card',
    hint: 'Debit or credit card, through Stripe',
    icon: <CreditCard aria-hidden="true" className="size-6 shrink-0" />,
  },
  {
    value: 'crypto',
    label: 'Crypto wallet',
    hint: 'A browser wallet such as MetaMask',
    icon: <Wallet aria-hidden="true" className="size-6 shrink-0" />,
  },
];

/**
 * Spec §2: the payment method toggle, card by default. A radio group: the arrow keys (either
 * axis, as the options sit side by side on wide screens and stacked on phones) move and choose.
 * Both panels stay mounted once shown, so switching back and forth keeps a connected wallet and
 * asks for the card's PaymentIntent only once.
 */
export function PaymentMethods({ booking }: { booking: Booking }) {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [cryptoShown, setCryptoShown] = useState(false);
  const [cryptoBusy, setCryptoBusy] = useState(false);
  const [focusCrypto, setFocusCrypto] = useState(0);

  function choose(next: PaymentMethod) {
    setMethod(next);
    if (next === 'crypto') setCryptoShown(true);
  }

  // "Pay with crypto wallet instead": the crypto panel's heading takes focus, so the reader hears
  // where they are now (the button that was pressed is gone with the card panel).
  useEffect(() => {
    if (focusCrypto > 0) document.getElementById('crypto-payment-heading')?.focus();
  }, [focusCrypto]);

  const onBusyChange = useCallback((busy: boolean) => setCryptoBusy(busy), []);

  return (
    <div className="grid gap-6">
      <div>
        <p id={`${id}-label`} className="text-lg font-semibold text-slate-900">
          Payment method
        </p>
        {cryptoBusy ? (
          <p id={`${id}-locked`} className="text-sm text-slate-700">
            The method cannot change while a payment is on its way.
          </p>
        ) : null}
        <RadioGroup.Root
          aria-labelledby={`${id}-label`}
          aria-describedby={cryptoBusy ? `${id}-locked` : undefined}
          value={method}
          onValueChange={(value) => choose(value as PaymentMethod)}
          disabled={cryptoBusy}
          className="mt-2 grid max-w-2xl gap-3 sm:grid-cols-2"
        >
          {METHODS.map((option) => (
            <RadioGroup.Item
              key={option.value}
              value={option.value}
              aria-labelledby={`${id}-${option.value}-label`}
              aria-describedby={`${id}-${option.value}-hint`}
              // The radio pattern: the option that takes focus is chosen. Radix does this only
              // while it sees the arrow key still held down, which misses quick key presses (and
              // keys sent by assistive technology), so it is done here for every focus.
              onFocus={() => choose(option.value)}
              className={cn(
                'flex min-h-16 items-center gap-3 rounded-lg border-2 border-slate-400 bg-white p-4 text-left text-slate-900 hover:border-brand-700 disabled:cursor-not-allowed disabled:opacity-80',
                'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-50',
              )}
            >
              <span
                aria-hidden="true"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-slate-600"
              >
                <RadioGroup.Indicator className="size-3 rounded-full bg-brand-700" />
              </span>
              {option.icon}
              <span className="grid">
                <span id={`${id}-${option.value}-label`} className="font-semibold">
                  {option.label}
                </span>
                <span id={`${id}-${option.value}-hint`} className="text-sm text-slate-700">
                  {option.hint}
                </span>
              </span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </div>

      <div hidden={method !== 'card'}>
        <CardPayment
          booking={booking}
          active={method === 'card'}
          onUseCrypto={() => {
            choose('crypto');
            setFocusCrypto((n) => n + 1);
          }}
        />
      </div>
      {cryptoShown ? (
        <div hidden={method !== 'crypto'}>
          <CryptoPayment booking={booking} onBusyChange={onBusyChange} />
        </div>
      ) : null}
    </div>
  );
}
