import { ShoppingCart, Trash2 } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { formatPrice } from '../../lib/format';
import { cart, cartTotals, useCartItems } from './store';

/** The header's cart toggle and the side panel it opens (a modal sheet: focus is trapped and returned). */
export function CartPanel() {
  const items = useCartItems();
  const totals = cartTotals(items);
  return (
    <DialogPrimitive.Root>
      <DialogPrimitive.Trigger
        className="relative inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-slate-800 hover:bg-slate-100"
        aria-label={`Cart, ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span aria-hidden="true" className="rounded-full bg-brand-700 px-2 text-sm text-white">
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
          {items.length === 0 ? (
            <p className="p-4 text-slate-700">
              Your cart is empty. Add a destination to start planning.
            </p>
          ) : (
            <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto">
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
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-red-800 hover:bg-red-50"
                    aria-label={`Remove ${item.itemName}`}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto border-t border-slate-200 p-4">
            <p className="flex justify-between gap-4 text-lg font-bold">
              <span>Total</span>
              <span className="text-right">
                {totals.map((t) => formatPrice(t.total, t.currency)).join(' + ')}
              </span>
            </p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
