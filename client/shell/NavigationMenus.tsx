import { DropdownMenu } from 'radix-ui';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAccountMenuItem } from '../features/account';
import {
  MAIN_NAV_GROUPS,
  MOBILE_NAV_GROUPS,
  type NavGroup,
  type NavItem,
} from '../features/landing/navigation';
import {
  desktopTriggerClass,
  DesktopTriggerContent,
  mobileTriggerClass,
  MobileTriggerContent,
  menuHasMounted,
  peekMenuRequest,
  type MenuRequest,
} from './menu-triggers';

/*
 * The header's menus (Radix DropdownMenu). This module and Radix's menu code (with Floating UI,
 * weight the first paint does not need) load right after the first render, not with the page's
 * first script: until then the header shows the same triggers from menu-triggers.tsx, and a menu
 * asked for meanwhile opens as soon as this code is here.
 */

const menuContentClass =
  'z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-60 overflow-y-auto rounded-md border border-slate-300 bg-white p-1 text-slate-900 shadow-lg';

/** Highlighted (keyboard or pointer) items get a tinted background; the global outline shows keyboard focus. */
const menuItemBaseClass =
  'flex min-h-11 w-full items-center justify-between gap-3 rounded px-3 py-2 text-left focus-visible:outline-offset-[-3px] data-[disabled]:cursor-default data-[disabled]:text-slate-600 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';
const menuItemClass = `${menuItemBaseClass} cursor-pointer`;
/** A "Coming soon" item: no pointer cursor, and greyer text. */
const comingSoonItemClass = `${menuItemBaseClass} cursor-default text-slate-700`;

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
        className={comingSoonItemClass}
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

interface ContentProps {
  ref: React.RefObject<HTMLDivElement | null>;
  onOpenAutoFocus: (event: Event) => void;
}

/**
 * A menu's root and trigger. When the reader used this menu's trigger (a stand-in, or the
 * pre-rendered page's) before this code had loaded, the menu opens, or its trigger takes focus,
 * once mounted.
 */
function MenuRoot({
  label,
  triggerClass,
  triggerContent,
  children,
}: {
  label: string;
  triggerClass: string;
  triggerContent: React.ReactNode;
  children: (contentProps: ContentProps) => React.ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Read as the menu replaces its stand-in, not while it renders: focus or a key may reach the
  // stand-in while the menus render (a render can pause for the browser). A layout effect, so that
  // no key pressed after the stand-in has gone lands on the page. Kept across StrictMode's rerun.
  const request = useRef<MenuRequest | null | undefined>(undefined);
  const focusFirstItem = useRef(false);
  useLayoutEffect(() => {
    if (request.current === undefined) request.current = peekMenuRequest(label);
    menuHasMounted(label);
    const asked = request.current;
    focusFirstItem.current = asked?.open === 'keyboard';
    // Opened after mounting: a hydrated page's menu must first render closed, as pre-rendered.
    if (asked?.open) setOpen(true);
    else if (asked) triggerRef.current?.focus();
  }, [label]);
  // Radix focuses the first item only when it saw the key press that opened the menu.
  const onOpenAutoFocus = (event: Event) => {
    if (!focusFirstItem.current) return;
    focusFirstItem.current = false;
    event.preventDefault();
    contentRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClass} data-menu-label={label}>
        {triggerContent}
      </DropdownMenu.Trigger>
      {children({ ref: contentRef, onOpenAutoFocus })}
    </DropdownMenu.Root>
  );
}

/*
 * The menus are non-modal and render in place (no portal): they stay inside the header's landmarks,
 * the page behind them is not hidden from screen readers, and the page does not jump from a scroll lock.
 * Radix still moves focus into the menu, handles the arrow keys, Enter and Escape, and returns focus.
 */
export function DesktopMenus() {
  return MAIN_NAV_GROUPS.map((group) => (
    <li key={group.label}>
      <MenuRoot
        label={group.label}
        triggerClass={desktopTriggerClass}
        triggerContent={<DesktopTriggerContent label={group.label} />}
      >
        {(contentProps) => (
          <DropdownMenu.Content
            {...contentProps}
            align="start"
            sideOffset={4}
            className={menuContentClass}
          >
            {group.items.map((item) => (
              <MenuEntry key={item.label} item={item} />
            ))}
          </DropdownMenu.Content>
        )}
      </MenuRoot>
    </li>
  ));
}

export function MobileMenu() {
  const idPrefix = useId();
  // Last: Sign in (the account page offers it) or, once signed in, Account.
  const accountItem = useAccountMenuItem();
  const groups: readonly NavGroup[] = [
    ...MOBILE_NAV_GROUPS,
    { label: 'Your account', items: [accountItem] },
  ];
  return (
    <MenuRoot
      label="Menu"
      triggerClass={mobileTriggerClass}
      triggerContent={<MobileTriggerContent />}
    >
      {(contentProps) => (
        <DropdownMenu.Content
          {...contentProps}
          align="end"
          sideOffset={4}
          className={menuContentClass}
        >
          {groups.map((group, index) => {
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
      )}
    </MenuRoot>
  );
}
