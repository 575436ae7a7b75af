import { useEffect, useLayoutEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AccessibilityNeed } from '../../../contracts/accessibility';

/** The search form of spec §3. */
export interface SearchForm {
  from: string;
  to: string;
  checkinDate: string;
  checkoutDate: string;
  accessibilityNeeds: AccessibilityNeed[];
}

export const EMPTY_FORM: SearchForm = {
  from: '',
  to: '',
  checkinDate: '',
  checkoutDate: '',
  accessibilityNeeds: [],
};

const STORAGE_KEY = 'search-form:v1';

function read(): SearchForm {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? { ...EMPTY_FORM, ...(JSON.parse(raw) as Partial<SearchForm>) } : EMPTY_FORM;
  } catch {
    return EMPTY_FORM;
  }
}

/**
 * The form survives a reload of the tab: what someone typed (or said) is not lost. The saved form
 * is put in after the first render, before the browser paints it, so a page hydrated from its
 * pre-rendered (empty) form renders the same form first.
 */
export function useSavedSearch({
  reset,
  subscribe,
}: Pick<UseFormReturn<SearchForm>, 'reset' | 'subscribe'>) {
  useLayoutEffect(() => reset(read()), [reset]);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          try {
            window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(values));
          } catch {
            // Storage unavailable: the form still works on this page.
          }
        },
      }),
    [subscribe],
  );
}

/** The same rule the server applies (contracts/search.ts), checked before sending. */
export function dateError(form: SearchForm): string | undefined {
  if (form.checkinDate && form.checkoutDate && form.checkoutDate < form.checkinDate) {
    return 'Check-out date cannot be before the check-in date';
  }
  return undefined;
}
