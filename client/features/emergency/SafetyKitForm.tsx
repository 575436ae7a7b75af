import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  SAFETY_KIT_MAX_COUNTRIES,
  SAFETY_KIT_PAPER_SIZES,
} from '../../../contracts/emergency.values';
import type { SafetyKitPaper } from '../../../contracts/emergency';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input } from '../../components/ui/form-field';
import { Choice, FieldGroup } from '../../components/ui/form-choice';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { PENDING_CLASS } from '../../components/ui/pending';
import { checkResolver, useFormKit } from '../../components/ui/use-form-kit';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useOnline } from '../../lib/use-online';
import {
  useDownloadSafetyKit,
  useSavedKit,
  type DownloadedKit,
  type SafetyKitChoice,
  type SavedKit,
} from './api';
import { defaultPaper } from './paper';
import { countries as countriesText } from './format';
import { useClientValue } from '../../lib/use-client-value';
import { useContactsOrFallback } from './ImportantContacts';
import { searchContacts, toSearchable } from './search';

const PAPER_LABELS: Record<SafetyKitPaper, string> = { a4: 'A4', letter: 'Letter' };
type Basis = 'trips' | 'chosen';

interface KitValues {
  basis: Basis;
  /** The chosen countries' codes, in the order they were ticked. */
  countries: string[];
  /** The paper picked; until then the reader's region's. */
  paper: SafetyKitPaper | undefined;
}

/** The contract's limit (safetyKitQuerySchema), checked here so the page needs no zod. */
const checkCountries = checkResolver<KitValues>(({ basis, countries }) => ({
  countries:
    basis !== 'chosen'
      ? undefined
      : countries.length > SAFETY_KIT_MAX_COUNTRIES
        ? `At most ${SAFETY_KIT_MAX_COUNTRIES} countries: you have chosen ${countries.length}. Uncheck ${countries.length - SAFETY_KIT_MAX_COUNTRIES} to download the kit.`
        : countries.length === 0
          ? 'Choose at least one country, or choose “The countries of my trips”.'
          : undefined,
}));

const OPTION_CLASS = 'rounded-md px-2 hover:bg-slate-100';

/** Spec §2 "Download Travel Safety Kit": the countries and paper of the PDF, then the download. */
export function SafetyKitForm() {
  const { contacts } = useContactsOrFallback();
  const download = useDownloadSafetyKit();
  const form = useFormKit<KitValues>({
    defaultValues: { basis: 'trips', countries: [], paper: undefined },
    resolver: checkCountries,
  });
  const { clearErrors, errorOf, getValues, setValue, trigger } = form;
  const [basis, countries, pickedPaper] = form.watch(['basis', 'countries', 'paper']);
  const chosen = useMemo(() => new Set(countries), [countries]);
  // The region's paper until the reader picks one. Shown by PaperChoice, which alone renders
  // again once hydrated; the choice itself is read only after hydration (a saved kit, a download).
  const paper = pickedPaper ?? browserPaper();
  const [filter, setFilter] = useState('');
  const countId = useId();

  // In the list's order, so the kit reads like the page.
  const choice: SafetyKitChoice = {
    countries:
      basis === 'chosen'
        ? contacts.filter((c) => chosen.has(c.countryCode)).map((c) => c.countryCode)
        : undefined,
    paper,
  };
  // Offline, the kit chosen downloads if the device kept it when it was last downloaded
  // (client/sw.ts); if it holds none, the button says it needs a connection.
  const online = useOnline();
  const saved = useSavedKit(choice, !online);
  const connection = useNeedsConnection(saved.data === null);
  const savedId = useId();
  const savedShown = !online && !saved.isPending;

  const searchable = useMemo(() => toSearchable(contacts), [contacts]);
  const shown = useMemo(() => searchContacts(searchable, filter), [searchable, filter]);

  /**
   * Too many countries is said at once; none only once the reader asked for the kit (and then
   * until they choose one): the choice is checked again after each change.
   */
  function recheck() {
    if (form.formState.isSubmitted || getValues('countries').length > SAFETY_KIT_MAX_COUNTRIES) {
      void trigger('countries');
    } else {
      clearErrors('countries');
    }
  }

  function chooseBasis(next: Basis) {
    setValue('basis', next);
    recheck();
  }

  function setCountries(next: string[]) {
    setValue('countries', next);
    recheck();
  }

  function toggle(code: string, checked: boolean) {
    // The form's value, not this render's: two quick ticks must both count.
    const current = getValues('countries');
    setCountries(checked ? [...current, code] : current.filter((each) => each !== code));
  }

  function send() {
    download.mutate(choice);
  }

  return (
    <form
      id={form.scopeId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!download.isPending) void form.submit(send)(event);
      }}
      noValidate
      className="max-w-3xl space-y-6"
    >
      <FieldGroup legend="Countries in the kit">
        <div className="mt-2 space-y-1">
          <Choice
            type="radio"
            name="kit-basis"
            label="The countries of my trips"
            className={OPTION_CLASS}
            checked={basis === 'trips'}
            onChange={() => chooseBasis('trips')}
          />
          <Choice
            type="radio"
            name="kit-basis"
            label="Choose countries"
            className={OPTION_CLASS}
            checked={basis === 'chosen'}
            onChange={() => chooseBasis('chosen')}
          />
        </div>
        {basis === 'trips' ? (
          <p className="mt-2 text-sm text-slate-700">
            The kit covers the countries of the trips in your Flight Plan; without trips, it covers
            the United States, Canada and Mexico.
          </p>
        ) : null}
      </FieldGroup>

      {basis === 'chosen' ? (
        <FieldGroup
          legend={<>Choose countries (up to {SAFETY_KIT_MAX_COUNTRIES})</>}
          aria-describedby={countId}
        >
          {/* The choice's error is the filter's: it is where focus goes to mend it. */}
          <Field
            label="Filter countries"
            labelClassName="mt-2 block text-slate-900"
            error={errorOf('countries')}
            // Said as it appears: ticking a 51st country does not move focus.
            announce
          >
            <Input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
              className="max-w-md"
            />
          </Field>
          <p id={countId} aria-live="polite" className="mt-2 text-sm font-semibold text-slate-900">
            {countriesText(chosen.size)} chosen
          </p>
          {shown.length === 0 ? (
            <p className="mt-2 text-slate-700">No country matches "{filter.trim()}".</p>
          ) : (
            <ul className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-400 bg-white p-1">
              {shown.map((contact) => (
                <li key={contact.countryCode}>
                  <Choice
                    type="checkbox"
                    label={contact.country}
                    className={OPTION_CLASS}
                    checked={chosen.has(contact.countryCode)}
                    onChange={(event) => toggle(contact.countryCode, event.target.checked)}
                  />
                </li>
              ))}
            </ul>
          )}
          {chosen.size > 0 ? (
            <Button variant="ghost" className="mt-2" onClick={() => setCountries([])}>
              Clear the chosen countries
            </Button>
          ) : null}
        </FieldGroup>
      ) : null}

      <PaperChoice picked={pickedPaper} onPick={(size) => setValue('paper', size)} />

      <div className="space-y-2">
        {savedShown ? (
          <p id={savedId} className="font-semibold text-slate-900">
            {savedKitText(saved.data ?? null)}
          </p>
        ) : null}
        <div>
          <Button
            type="submit"
            {...connection.button({
              className: PENDING_CLASS,
              'aria-disabled': download.isPending,
              'aria-describedby': savedShown ? savedId : undefined,
            })}
          >
            <Download aria-hidden="true" className="size-5" />
            Download Travel Safety Kit
          </Button>
          {connection.note}
        </div>
        <p role="status" className="text-slate-800">
          {download.isPending
            ? 'Preparing your safety kit…'
            : download.isSuccess
              ? downloadedText(download.data)
              : ''}
        </p>
        <FormAlert>
          {download.isError
            ? errorMessage(download.error, 'The safety kit could not be made. Please try again.')
            : null}
        </FormAlert>
      </div>
    </form>
  );
}

/** The reader's region's paper in the browser; A4 where the page is pre-rendered. */
const browserPaper = (): SafetyKitPaper => (typeof window === 'undefined' ? 'a4' : defaultPaper());

/**
 * The paper sizes, the picked one checked, else the region's: A4 in the pre-rendered page, so
 * hydration matches, then the browser's: read here, so that only this group renders again once
 * hydrated, not the whole form.
 */
function PaperChoice({
  picked,
  onPick,
}: {
  picked: SafetyKitPaper | undefined;
  onPick: (size: SafetyKitPaper) => void;
}) {
  const regionPaper = useClientValue(defaultPaper, 'a4');
  const paper = picked ?? regionPaper;
  return (
    <FieldGroup legend="Paper size">
      <div className="mt-2 flex flex-wrap gap-4">
        {SAFETY_KIT_PAPER_SIZES.map((size) => (
          <Choice
            key={size}
            type="radio"
            name="kit-paper"
            label={PAPER_LABELS[size]}
            className={OPTION_CLASS}
            checked={paper === size}
            onChange={() => onPick(size)}
          />
        ))}
      </div>
    </FieldGroup>
  );
}

/** Offline, whether the kit chosen is on the device, and from when. */
function savedKitText(saved: SavedKit | null): string {
  if (!saved) return 'Download the kit once while online to keep it on this device.';
  return saved.savedAt
    ? `Saved on this device on ${formatDateTime(saved.savedAt)} — the download works offline.`
    : 'Saved on this device — the download works offline.';
}

function downloadedText(kit: DownloadedKit): string {
  if (!kit.offline) return 'Your Travel Safety Kit has been downloaded.';
  return kit.madeAt
    ? `Your Travel Safety Kit has been downloaded: the copy saved on this device on ${formatDateTime(kit.madeAt)}.`
    : 'Your Travel Safety Kit has been downloaded: the copy saved on this device.';
}
