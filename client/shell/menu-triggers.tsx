import { ChevronDown, Menu } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What the reader did with a menu's stand-in trigger before the menus' code loaded: moved focus to
 * it (`open: false`) or opened it by pointer or keyboard. The loaded menu takes it over once.
 */
export interface MenuRequest {
  label: string;
  open: false | 'pointer' | 'keyboard';
}

let pending: MenuRequest | null = null;

/** The request a menu mounting now should honour, if it is for that menu. */
export function peekMenuRequest(label: string): MenuRequest | null {
  return pending?.label === label ? pending : null;
}

/** Called by each menu once mounted: from then on, Radix handles its trigger. */
export function menuHasMounted(label: string) {
  if (pending?.label === label) pending = null;
  mounted.add(label);
}

/**
 * The menus whose code has mounted. Each menu's own: the desktop menus and the phone's Menu are
 * mounted apart, and one mounted must not leave the other's stand-ins unheard.
 */
const mounted = new Set<string>();

const labelOf = (target: EventTarget | null) =>
  target instanceof Element
    ? target.closest<HTMLElement>('[data-menu-label]')?.dataset.menuLabel
    : undefined;

/*
 * Until the menus' code has mounted, focus on a trigger, and a press or click on it, is remembered
 * here: on the stand-in triggers, and on the pre-rendered page's, which are inert until hydrated
 * (React does not replay such events) or, left as the server rendered them, never are.
 */
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const label = labelOf(event.target);
      if (label && !mounted.has(label) && pending?.label !== label)
        pending = { label, open: false };
    },
    true,
  );
  document.addEventListener(
    'focusout',
    (event) => {
      const label = labelOf(event.target);
      if (!label || mounted.has(label)) return;
      // Being replaced by the real trigger also blurs this one (while still on the page): keep
      // the request then. Only once the replacing is over does the page tell which it was.
      const target = event.target as Element;
      setTimeout(() => {
        if (target.isConnected && pending?.label === label && !pending.open) pending = null;
      }, 0);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const label = labelOf(event.target);
      if (!label || mounted.has(label) || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
      event.preventDefault();
      pending = { label, open: 'keyboard' };
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const label = labelOf(event.target);
      if (label && !mounted.has(label) && event.detail !== 0) pending = { label, open: 'pointer' };
    },
    true,
  );
}

export const desktopTriggerClass =
  'group inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium whitespace-nowrap text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 xl:px-3';

export const mobileTriggerClass =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 lg:hidden lg:group-data-collapsed/header:inline-flex';

export function DesktopTriggerContent({ label }: { label: string }) {
  return (
    <>
      {label}
      <ChevronDown
        aria-hidden="true"
        className="size-4 motion-safe:transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}

export function MobileTriggerContent() {
  return (
    <>
      <Menu aria-hidden="true" className="size-6" />
      {/* Where even the compact header does not fit (a phone at twice the text size), the word is
          read but not shown. */}
      <span className="group-data-[layout=minimal]/header:sr-only group-data-[layout=narrow]/header:sr-only">
        Menu
      </span>
    </>
  );
}

/**
 * A menu trigger shown, and read, exactly like the real one while the menus' code loads (a moment
 * after the first paint, when the app was not hydrated from a pre-rendered page). Focus, a click or
 * the keys that open a menu are remembered and handed to the real menu when it replaces this button.
 */
export function StandInTrigger({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      data-state="closed"
      data-menu-label={label}
      className={className}
    >
      {children}
    </button>
  );
}
