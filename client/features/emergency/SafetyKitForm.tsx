import { Download } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  SAFETY_KIT_MAX_COUNTRIES,
  SAFETY_KIT_PAPER_SIZES,
} from '../../../contracts/emergency.values';
import type { SafetyKitPaper } from '../../../contracts/emergency';
import { Button } from '../../components/ui/button';
import { fieldClass, fieldErrorClass, labelClass } from '../../components/ui/field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { onFirstUse } from '../../lib/intl';
import { cn } from '../../lib/cn';
import { useDownloadSafetyKit } from './api';
import { countries } from './format';
import { useClientValue } from '../../lib/use-client-value';
import { useContactsOrFallback } from './ImportantContacts';
import { searchContacts, toSearchable } from './search';

const PAPER_LABELS: Record<SafetyKitPaper, string> = { a4: 'A4', letter: 'Letter' };
/** Where Letter paper is the norm; A4 everywhere else. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH']);

/** The region of a language tag when it names one ("en-US" -> "US", "es-419" -> "419"). */
const REGION_SUBTAG = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})(?:-|$)/i;

/**
 * The paper of a language tag's region. The region is read from the tag itself when it has one
 * (most browsers' do), since Intl.Locale's `maximize` loads the likely-subtags data: tens of
 * milliseconds on a phone.
 */
export function paperFor(languageTag: string): SafetyKitPaper {
  try {
    const region =
      REGION_SUBTAG.exec(languageTag)?.[1]?.toUpperCase() ??
      new Intl.Locale(languageTag).maximize().region;
    return LETTER_REGIONS.has(region ?? '') ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

/** The reader's paper, read once: React asks for it on every render. */
const defaultPaper = onFirstUse(() => paperFor(navigator.language));

type Basis = 'trips' | 'chosen';

const OPTION_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-slate-900 hover:bg-slate-100';
const CONTROL_CLASS = 'size-5 shrink-0 accent-brand-700';

/** Spec §2 "Download Travel Safety Kit": the countries and paper of the PDF, then the download. */
export function SafetyKitForm() {
  const { contacts } = useContactsOrFallback();
  const download = useDownloadSafetyKit();
  const [basis, setBasis] = useState<Basis>('trips');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // The region's paper until the reader picks one (A4 in the pre-rendered page).
  const regionPaper = useClientValue(defaultPaper, 'a4');
  const [pickedPaper, setPaper] = useState<SafetyKitPaper>();
  const paper = pickedPaper ?? regionPaper;
  const [filter, setFilter] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const filterRef = useRef<HTMLInputElement>(null);
  const filterId = useId();
  const choiceErrorId = useId();
  const countId = useId();

  const searchable = useMemo(() => toSearchable(contacts), [contacts]);
  const shown = useMemo(() => searchContacts(searchable, filter), [searchable, filter]);

  const choiceError =
    basis !== 'chosen'
      ? undefined
      : chosen.size > SAFETY_KIT_MAX_COUNTRIES
        ? `At most ${SAFETY_KIT_MAX_COUNTRIES} countries: you have chosen ${chosen.size}. Uncheck ${chosen.size - SAFETY_KIT_MAX_COUNTRIES} to download the kit.`
        : submitted && chosen.size === 0
          ? 'Choose at least one country, or choose “The countries of my trips”.'
          : undefined;

  function toggle(code: string, checked: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (checked) next.add(code);
      else next.delete(code);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (download.isPending) return;
    setSubmitted(true);
    if (basis === 'chosen' && (chosen.size === 0 || chosen.size > SAFETY_KIT_MAX_COUNTRIES)) {
      filterRef.current?.focus();
      return;
    }
    download.mutate({
      // In the list's order, so the kit reads like the page.
      countries:
        basis === 'chosen'
          ? contacts.filter((c) => chosen.has(c.countryCode)).map((c) => c.countryCode)
          : undefined,
      paper,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-6">
      <fieldset>
        <legend className={labelClass}>Countries in the kit</legend>
        <div className="mt-2 space-y-1">
          <label className={OPTION_CLASS}>
            <input
              type="radio"
              name="kit-basis"
              className={CONTROL_CLASS}
              checked={basis === 'trips'}
              onChange={() => setBasis('trips')}
            />
            The countries of my trips
          </label>
          <label className={OPTION_CLASS}>
            <input
              type="radio"
              name="kit-basis"
              className={CONTROL_CLASS}
              checked={basis === 'chosen'}
              onChange={() => setBasis('chosen')}
            />
            Choose countries
          </label>
        </div>
        {basis === 'trips' ? (
          <p className="mt-2 text-sm text-slate-700">
            The kit covers the countries of the trips in your Flight Plan; without trips, it covers
            the United States, Canada and Mexico.
          </p>
        ) : null}
      </fieldset>

      {basis === 'chosen' ? (
        <fieldset aria-describedby={countId}>
          <legend className={labelClass}>
            Choose countries (up to {SAFETY_KIT_MAX_COUNTRIES})
          </legend>
          <label htmlFor={filterId} className="mt-2 block text-slate-900">
            Filter countries
          </label>
          <input
            ref={filterRef}
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            autoComplete="off"
            aria-invalid={choiceError ? true : undefined}
            aria-describedby={choiceError ? choiceErrorId : undefined}
            className={cn(fieldClass, 'max-w-md')}
          />
          {choiceError ? (
            <p id={choiceErrorId} role="alert" className={fieldErrorClass}>
              {choiceError}
            </p>
          ) : null}
          <p id={countId} aria-live="polite" className="mt-2 text-sm font-semibold text-slate-900">
            {countries(chosen.size)} chosen
          </p>
          {shown.length === 0 ? (
            <p className="mt-2 text-slate-700">No country matches "{filter.trim()}".</p>
          ) : (
            <ul className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-400 bg-white p-1">
              {shown.map((contact) => (
                <li key={contact.countryCode}>
                  <label className={OPTION_CLASS}>
                    <input
                      type="checkbox"
                      className={CONTROL_CLASS}
                      checked={chosen.has(contact.countryCode)}
                      onChange={(event) => toggle(contact.countryCode, event.target.checked)}
                    />
                    {contact.country}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {chosen.size > 0 ? (
            <Button variant="ghost" className="mt-2" onClick={() => setChosen(new Set())}>
              Clear the chosen countries
            </Button>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset>
        <legend className={labelClass}>Paper size</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {SAFETY_KIT_PAPER_SIZES.map((size) => (
            <label key={size} className={OPTION_CLASS}>
              <input
                type="radio"
                name="kit-paper"
                className={CONTROL_CLASS}
                checked={paper === size}
                onChange={() => setPaper(size)}
              />
              {PAPER_LABELS[size]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Button
          type="submit"
          aria-disabled={download.isPending || undefined}
          className={PENDING_CLASS}
        >
          <Download aria-hidden="true" className="size-5" />
          Download Travel Safety Kit
        </Button>
        <p role="status" className="text-slate-800">
          {download.isPending
            ? 'Preparing your safety kit…'
            : download.isSuccess
              ? 'Your Travel Safety Kit has been downloaded.'
              : ''}
        </p>
        {download.isError ? (
          <p role="alert" className="font-semibold text-red-800">
            {errorMessage(download.error, 'The safety kit could not be made. Please try again.')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
