import { Plane } from 'lucide-react';
import { Suspense, useLayoutEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../contracts/routes';
import { AccountEntry } from '../features/account';
import { CartPanel } from '../features/cart';
import { MAIN_NAV_GROUPS } from '../features/landing/navigation';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { Button } from '../components/ui/button';
import {
  desktopTriggerClass,
  DesktopTriggerContent,
  mobileTriggerClass,
  MobileTriggerContent,
  StandInTrigger,
} from './menu-triggers';

const loadMenus = () => import('./NavigationMenus');
const LoadedDesktopMenus = lazyWithPreload(() =>
  loadMenus().then((m) => ({ default: m.DesktopMenus })),
);
const LoadedMobileMenu = lazyWithPreload(() =>
  loadMenus().then((m) => ({ default: m.MobileMenu })),
);

/** Loads the menus' code, so that they render at once instead of their stand-ins. */
export async function preloadMenus(): Promise<void> {
  await Promise.all([LoadedDesktopMenus.preload(), LoadedMobileMenu.preload()]);
}

/** The five menus of the main navigation; their code loads just after the first paint. */
function DesktopNavigation() {
  return (
    <nav aria-label="Main" className="hidden lg:block group-data-collapsed/header:hidden">
      <ul className="flex items-center">
        <Suspense
          fallback={MAIN_NAV_GROUPS.map((group) => (
            <li key={group.label}>
              <StandInTrigger label={group.label} className={desktopTriggerClass}>
                <DesktopTriggerContent label={group.label} />
              </StandInTrigger>
            </li>
          ))}
        >
          <LoadedDesktopMenus />
        </Suspense>
      </ul>
    </nav>
  );
}

function MobileMenu() {
  return (
    <Suspense
      fallback={
        <StandInTrigger label="Menu" className={mobileTriggerClass}>
          <MobileTriggerContent />
        </StandInTrigger>
      }
    >
      <LoadedMobileMenu />
    </Suspense>
  );
}

/**
 * The header's layouts, roomiest first: "full" (the breakpoints decide: the five menus in the bar
 * from lg), "compact" (the Menu button at any width), "narrow" (the Menu button's word read but
 * not shown) and "minimal" (the site's name read but not shown either, beside its icon). The
 * header takes the first whose row fits: measured in the browser, since a larger default text size
 * (Chrome's "Large", 125%) or a long translation needs more room than the breakpoint alone allows.
 */
const LAYOUTS = ['full', 'compact', 'narrow', 'minimal'] as const;

/**
 * Sets `data-layout` (and `data-collapsed` for every layout but full) on the header without a render: each layout is laid out and measured in one
 * synchronous step, so a layout that does not fit is never painted. Before scripts run, the
 * breakpoints alone decide.
 */
function useLayoutThatFits(
  row: RefObject<HTMLDivElement | null>,
  logo: RefObject<HTMLAnchorElement | null>,
) {
  useLayoutEffect(() => {
    const element = row.current;
    const name = logo.current;
    const header = element?.closest('header');
    if (!element || !name || !header) return;
    // The logo may shrink, so the row never pushes the cart and Menu off the screen; its name
    // then spilling past it (over the cart) does not fit either.
    const fits = () =>
      element.scrollWidth <= element.clientWidth && name.scrollWidth <= name.clientWidth;
    const fit = () => {
      for (const layout of LAYOUTS) {
        header.dataset.layout = layout;
        // What the layouts but full share (the menus behind the Menu button).
        header.toggleAttribute('data-collapsed', layout !== 'full');
        if (fits()) return;
      }
    };
    fit();
    // Measured again in the next frame, not inside the observer's callback, where changing what it
    // observes would make the browser report a loop.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    // The row's width follows the window; its children's sizes follow the text size, the menus'
    // code arriving and the account entry's label.
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [row, logo]);
}

export function Header() {
  const row = useRef<HTMLDivElement>(null);
  const logo = useRef<HTMLAnchorElement>(null);
  useLayoutThatFits(row, logo);
  return (
    <header className="group/header sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div
        ref={row}
        className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2"
      >
        {/* The name may wrap between its words on narrow phones, never inside one (a word split
            letter by letter would fit any width and make the sticky header a tall column); between
            lg and xl the menus need its room, so it is read but not shown there. */}
        <Link
          ref={logo}
          to={APP_ROUTES.home}
          className="inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base leading-tight font-bold text-brand-900 sm:shrink-0 sm:text-lg sm:whitespace-nowrap"
        >
          <Plane aria-hidden="true" className="size-6 shrink-0" />
          <span className="wrap-normal group-data-[layout=minimal]/header:sr-only lg:max-xl:sr-only">
            Accessible Journeys
          </span>
        </Link>
        <DesktopNavigation />
        <div className="flex shrink-0 items-center gap-1">
          {/* Below lg the Menu has it (Sign in or Account); between lg and xl the menus need the
              room, so only its icon is shown there (the name is still read). */}
          <AccountEntry
            className="max-lg:hidden group-data-collapsed/header:hidden"
            labelClassName="lg:max-2xl:sr-only"
          />
          <CartPanel />
          <Button asChild className="whitespace-nowrap max-sm:hidden">
            <Link to={APP_ROUTES.flightPlan}>Plan Trip</Link>
          </Button>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
