import { ChevronDown, Menu, Plane } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../../contracts/routes';
import { CartPanel } from '../../features/cart';
import {
  MAIN_NAV_GROUPS,
  MOBILE_NAV_GROUPS,
  type NavItem,
} from '../../features/landing/navigation';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

const menuContentClass =
  'z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-60 overflow-y-auto rounded-md border border-slate-300 bg-white p-1 text-slate-900 shadow-lg';

/** Highlighted (keyboard or pointer) items get a tinted background; the global outline shows keyboard focus. */
const menuItemClass =
  'flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-left focus-visible:outline-offset-[-3px] data-[disabled]:cursor-default data-[disabled]:text-slate-600 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** A link item, or a disabled "Coming soon" item for a page that does not exist yet. */
function MenuEntry({ item }: { item: NavItem }) {
  if (item.to === undefined) {
    // Focusable but not choosable (the WAI-ARIA menu pattern keeps disabled items reachable), so
    // arrow keys and screen readers find out the item exists and that it is coming soon.
    return (
      <DropdownMenu.Item
        aria-disabled="true"
        aria-label={`${item.label}, Coming soon`}
        onSelect={(event) => event.preventDefault()}
        className={cn(menuItemClass, 'cursor-default text-slate-700')}
      >
        <span>{item.label}</span>
        <span className="shrink-0 rounded-full border border-slate-300 px-2 text-xs font-medium">
          Coming soon
        </span>
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item asChild className={menuItemClass}>
      <Link to={item.to}>{item.label}</Link>
    </DropdownMenu.Item>
  );
}

/*
 * The menus are non-modal and render in place (no portal): they stay inside the header's landmarks,
 * the page behind them is not hidden from screen readers, and the page does not jump from a scroll lock.
 * Radix still moves focus into the menu, handles the arrow keys, Enter and Escape, and returns focus.
 */
function DesktopNavigation() {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center">
        {MAIN_NAV_GROUPS.map((group) => (
          <li key={group.label}>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className="group inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium whitespace-nowrap text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 xl:px-3">
                {group.label}
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 motion-safe:transition-transform group-data-[state=open]:rotate-180"
                />
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="start" sideOffset={4} className={menuContentClass}>
                {group.items.map((item) => (
                  <MenuEntry key={item.label} item={item} />
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileMenu() {
  const idPrefix = useId();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 lg:hidden">
        <Menu aria-hidden="true" className="size-6" />
        Menu
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
        {MOBILE_NAV_GROUPS.map((group, index) => {
          const labelId = `${idPrefix}-group-${index}`;
          return (
            <DropdownMenu.Group key={group.label} aria-labelledby={labelId}>
              {index > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-slate-200" /> : null}
              <DropdownMenu.Label
                id={labelId}
                className="px-3 pt-2 pb-1 text-sm font-semibold text-slate-700"
              >
                {group.label}
              </DropdownMenu.Label>
              {group.items.map((item) => (
                <MenuEntry key={item.label} item={item} />
              ))}
            </DropdownMenu.Group>
          );
        })}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
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
          <CartPanel />
          <Button asChild className="hidden whitespace-nowrap sm:inline-flex">
            <Link to={APP_ROUTES.flightPlan}>Plan Trip</Link>
          </Button>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
