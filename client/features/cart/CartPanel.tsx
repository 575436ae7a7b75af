import { CheckCircle2, CreditCard, ShoppingCart, Trash2, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Booking } from '../../../contracts/bookings';
import { APP_ROUTES } from '../../../contracts/routes';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatPrice } from '../../lib/format';
import { useCheckout } from './api';
import { cart, cartTotals, useCartItems, type CartItem } from './store';

/** Spec §8: the booking error toast. */
function bookingFailed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Booking Failed',
    description: errorMessage(error, 'Failed to create booking'),
  });
}

/** The header's cart toggle and the side panel it opens (a modal sheet: focus is trapped and returned). */
export function CartPanel() {
  const items = useCartItems();
  const checkout = useCheckout();
  const sendOnce = useSendOnce();
  const [booked, setBooked] = useState<Booking[]>([]);

  function startCheckout() {
    if (checkout.isPending) return;
    sendOnce((settled) =>
      checkout.mutate(items, {
        onSuccess: (result) => {
          setBooked(result.bookings);
          if (result.failure) bookingFailed(result.failure);
        },
        onError: bookingFailed,
        onSettled: settled,
      }),
    );
  }

  return (
    <DialogPrimitive.Root
      onOpenChange={(open) => {
        if (!open) setBooked([]);
      }}
    >
      <DialogPrimitive.Trigger
        className="relative inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-slate-800 hover:bg-slate-100"
        aria-label={`Cart, ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="rounded-full bg-brand-700 px-2 text-sm text-white"
        >
          {items.length}
        </span>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 p-4">
            <DialogPrimitive.Title className="text-xl font-bold">Your cart</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close cart"
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <CartContents
            items={items}
            booked={booked}
            checkout={checkout}
            onCheckout={startCheckout}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The open panel's contents. A component of its own, so that its prices are worked out and
 * formatted only while the panel is open, not on every page's first render.
 */
function CartContents({
  items,
  booked,
  checkout,
  onCheckout,
}: {
  items: CartItem[];
  booked: Booking[];
  checkout: ReturnType<typeof useCheckout>;
  onCheckout: () => void;
}) {
  const totals = cartTotals(items);
  const currencies = totals.length;
  const connection = useNeedsConnection();
  return (
    <>
      {booked.length > 0 ? <BookingConfirmation bookings={booked} /> : null}
      {items.length === 0 ? (
        booked.length === 0 ? (
          <p className="p-4 text-slate-700">
            Your cart is empty. Add a destination to start planning.
          </p>
        ) : null
      ) : (
        <ul aria-label="Cart items" className="flex-1 divide-y divide-slate-200 overflow-y-auto">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">{item.itemName}</p>
                {item.itemDescription ? (
                  <p className="line-clamp-2 text-sm text-slate-700">{item.itemDescription}</p>
                ) : null}
                <p className="mt-1">{formatPrice(item.price, item.currency)}</p>
              </div>
              <button
                type="button"
                onClick={() => cart.remove(item.id)}
                disabled={checkout.isPending}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-red-800 hover:bg-red-50 disabled:text-slate-500"
                aria-label={`Remove ${item.itemName}`}
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto grid gap-3 border-t border-slate-200 p-4">
        <p className="flex justify-between gap-4 text-lg font-bold">
          <span>Total</span>
          <span className="text-right" data-testid="cart-total">
            {totals.map((t) => formatPrice(t.total, t.currency)).join(' + ')}
          </span>
        </p>
        {currencies > 1 ? (
          <p className="text-sm text-slate-700">
            Your cart has prices in {currencies} currencies: checkout makes one booking for each.
          </p>
        ) : null}
        {checkout.isError ? (
          // The toast sits outside this modal panel, so the panel says it too.
          <p role="alert" className="text-sm font-medium text-red-800">
            Booking Failed: {errorMessage(checkout.error, 'Failed to create booking')}. Your cart is
            unchanged; please try again.
          </p>
        ) : null}
        {items.length > 0 ? (
          <div>
            {/* aria-disabled, not disabled: the pressed button keeps focus while it waits. */}
            <Button
              onClick={onCheckout}
              {...connection.button({
                'aria-disabled': checkout.isPending,
                className: cn('w-full', PENDING_CLASS),
              })}
            >
              {checkout.isPending ? 'Creating your booking...' : 'Checkout'}
            </Button>
            {connection.note}
          </div>
        ) : null}
      </div>
    </>
  );
}

/** The path of the payment step for one booking (the demo page opens it from `?booking=`). */
const payBookingPath = (bookingId: string) =>
  `${APP_ROUTES.paymentDemo}?booking=${encodeURIComponent(bookingId)}`;

/** The bookings the checkout created, each waiting for its payment. */
function BookingConfirmation({ bookings }: { bookings: Booking[] }) {
  return (
    <div
      role="status"
      className="m-4 rounded-lg border border-green-700 bg-green-50 p-4 text-green-950"
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        <CheckCircle2 aria-hidden="true" className="size-5" />
        {bookings.length === 1 ? 'Booking created' : `${bookings.length} bookings created`}
      </p>
      <ul className="mt-2 grid gap-2">
        {bookings.map((b) => (
          <li key={b.id}>
            <p className="font-semibold">{b.bookingDetails.title}</p>
            <p>
              {formatPrice(b.totalAmount, b.currency)} · Reference{' '}
              <span className="font-mono">{b.reference}</span>
            </p>
            <p>Status: pending payment</p>
            {/* Closing the panel as the link is followed: the payment page then has the screen. */}
            <DialogPrimitive.Close asChild>
              <Link
                to={payBookingPath(b.id)}
                className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-green-950 underline underline-offset-4 hover:decoration-2"
              >
                <CreditCard aria-hidden="true" className="size-5" />
                Pay for this booking
                {bookings.length > 1 ? (
                  <span className="sr-only">: {b.bookingDetails.title}</span>
                ) : null}
              </Link>
            </DialogPrimitive.Close>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Nothing has been charged yet: each booking stays pending until you pay for it.
      </p>
    </div>
  );
}
