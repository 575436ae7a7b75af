import { Plane } from 'lucide-react';
import { Suspense } from 'react';
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
    <nav aria-label="Main" className="hidden lg:block">
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

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2">
        {/* The name may wrap on narrow phones; between lg and xl the menus need its room, so it is
            read but not shown there. */}
        <Link
          to={APP_ROUTES.home}
          className="inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base leading-tight font-bold text-brand-900 sm:shrink-0 sm:text-lg sm:whitespace-nowrap"
        >
          <Plane aria-hidden="true" className="size-6 shrink-0" />
          <span className="lg:max-xl:sr-only">Accessible Journeys</span>
        </Link>
        <DesktopNavigation />
        <div className="flex shrink-0 items-center gap-1">
          {/* Below lg the Menu has it (Sign in or Account); between lg and xl the menus need the
              room, so only its icon is shown there (the name is still read). */}
          <AccountEntry className="max-lg:hidden" labelClassName="lg:max-2xl:sr-only" />
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
