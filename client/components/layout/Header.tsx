import { Menu, Plane } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { APP_ROUTES } from '../../../contracts/routes';
import { CartPanel } from '../../features/cart';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

const NAV_LINKS = [
  { to: APP_ROUTES.flightPlan, label: 'Flight Plan' },
  { to: APP_ROUTES.mediaGallery, label: 'Media Gallery' },
  { to: APP_ROUTES.paymentDemo, label: 'Payment Demo' },
  { to: APP_ROUTES.emergencyInfo, label: 'Emergency Info' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-md px-3 font-medium text-slate-800 hover:bg-slate-100',
    isActive && 'text-brand-800 underline decoration-2 underline-offset-4',
  );

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2">
        <Link
          to={APP_ROUTES.home}
          className="inline-flex min-h-11 items-center gap-2 rounded-md text-lg font-bold text-brand-900"
        >
          <Plane aria-hidden="true" className="size-6" />
          Accessible Journeys
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <CartPanel />
          <Button asChild className="hidden sm:inline-flex">
            <Link to={APP_ROUTES.flightPlan}>Plan Trip</Link>
          </Button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100 lg:hidden"
              aria-label="Menu"
            >
              <Menu aria-hidden="true" className="size-6" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={4}
                className="z-40 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
              >
                {[{ to: APP_ROUTES.home, label: 'Home' }, ...NAV_LINKS].map((link) => (
                  <DropdownMenu.Item key={link.to} asChild>
                    <Link
                      to={link.to}
                      className="flex min-h-11 items-center rounded px-3 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
                    >
                      {link.label}
                    </Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}
