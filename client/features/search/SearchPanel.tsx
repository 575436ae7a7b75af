import { Car, Hotel, Plane, Tent } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ACCESSIBILITY_NEEDS } from '../../../contracts/accessibility';
import type { QuickSearchType, SearchRequest, SearchResponse } from '../../../contracts/search';
import type { Destination } from '../../../contracts/destinations';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form-field';
import { Choice, FieldGroup } from '../../components/ui/form-choice';
import { checkResolver, useFormKit } from '../../components/ui/use-form-kit';
import { errorMessage } from '../../lib/api';
import { useSpeechRecognition } from '../../lib/use-speech-recognition';
import { useQuickSearch, useSearch } from './api';
import { EMPTY_FORM, dateError, useSavedSearch, type SearchForm } from './form-state';
import { SearchResults, type SearchOutcome } from './SearchResults';
import { VoiceSearch } from './VoiceSearch';
import { parseVoiceQuery } from './voice-query';

const SHORTCUTS: { type: QuickSearchType; label: string; icon: ReactNode }[] = [
  { type: 'flights', label: 'Flights Only', icon: <Plane aria-hidden="true" className="size-4" /> },
  { type: 'hotels', label: 'Hotels Only', icon: <Hotel aria-hidden="true" className="size-4" /> },
  { type: 'roadtrip', label: 'Road Trip', icon: <Car aria-hidden="true" className="size-4" /> },
  { type: 'camping', label: 'Camping', icon: <Tent aria-hidden="true" className="size-4" /> },
];

const CHECKOUT_CHECKED_WITH = { checkinDate: ['checkoutDate'] } as const;

/** Spec §5: no field is required; the one rule is the contract's, checked before sending. */
const checkSearch = checkResolver<SearchForm>((values) => ({ checkoutDate: dateError(values) }));

const isFilled = (form: SearchForm) =>
  Boolean(form.from || form.to || form.checkinDate || form.checkoutDate) ||
  form.accessibilityNeeds.length > 0;

function toRequest(form: SearchForm): SearchRequest {
  return { ...form, from: form.from.trim(), to: form.to.trim() };
}

/** The trip search card (spec §2): fields, needs, Plot My Escape, voice search and shortcuts. */
export function SearchPanel({ onAddToCart }: { onAddToCart: (destination: Destination) => void }) {
  const form = useFormKit<SearchForm>({
    defaultValues: EMPTY_FORM,
    resolver: checkSearch,
    // A check-out date is checked against the check-in date: changing either settles it.
    clearsAlso: CHECKOUT_CHECKED_WITH,
  });
  const { register, errorOf, getValues, reset, setValue } = form;
  useSavedSearch(form);
  const values = form.watch();
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const search = useSearch();
  const quick = useQuickSearch();
  const ids = useId();

  /** Shows a call's outcome under the form, titled for what was asked. */
  function track(title: string) {
    setOutcome({ title, status: 'pending' });
    return {
      onSuccess: (data: SearchResponse) => setOutcome({ title, status: 'success', data }),
      onError: (error: unknown) => {
        // A field the server refused says why beside it; the outcome says the search failed.
        form.showServerErrors(error);
        setOutcome({
          title,
          status: 'error',
          error: errorMessage(error, 'The server could not be reached.'),
        });
      },
    };
  }

  /**
   * The form's own check refused the fields, so nothing is sent: results shown for an earlier
   * search go too, since under this form they would read as its answer (issue 28).
   */
  const refuse = (title: string) => () =>
    setOutcome((previous) => (previous ? { title, status: 'refused' } : previous));

  const runSearch = (request: SearchRequest) => search.mutate(request, track('Search results'));
  const submitSearch = form.submit(
    (checked) => runSearch(toRequest(checked)),
    refuse('Search results'),
  );

  function runShortcut(type: QuickSearchType, label: string) {
    // Impossible dates are shown beside the field and nothing is sent.
    const title = `${label} results`;
    void form.submit(
      (checked) => quick.mutate({ type, form: toRequest(checked) }, track(title)),
      refuse(title),
    )();
  }

  const voice = useSpeechRecognition((transcript) => {
    const parsed = parseVoiceQuery(transcript);
    const current = getValues();
    if (parsed.from !== undefined) setValue('from', parsed.from);
    if (parsed.to !== undefined) setValue('to', parsed.to);
    setValue(
      'accessibilityNeeds',
      ACCESSIBILITY_NEEDS.filter(
        (n) => parsed.needs.includes(n) || current.accessibilityNeeds.includes(n),
      ),
    );
    // Searched as Plot My Escape would: impossible dates are shown beside the field instead.
    void submitSearch();
  });

  const field = (
    key: 'from' | 'to' | 'checkinDate' | 'checkoutDate',
    label: string,
    props: { type: string; placeholder?: string; min?: string },
  ) => (
    <Field label={label} error={errorOf(key)}>
      <Input {...props} {...register(key)} />
    </Field>
  );

  return (
    <div>
      <form
        id={form.scopeId}
        onSubmit={(event) => void submitSearch(event)}
        noValidate
        aria-label="Trip search"
        className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {field('from', 'From', { type: 'text', placeholder: 'Departure city' })}
          {field('to', 'To', { type: 'text', placeholder: 'Destination' })}
          {field('checkinDate', 'Check-in date', { type: 'date' })}
          {field('checkoutDate', 'Check-out date', {
            type: 'date',
            min: values.checkinDate || undefined,
          })}
        </div>

        <FieldGroup
          legend="No One Gets Left Behind"
          legendClassName="text-lg font-bold text-slate-900"
          className="mt-6"
        >
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {ACCESSIBILITY_NEEDS.map((need) => (
              <Choice
                key={need}
                type="checkbox"
                value={need}
                label={need}
                className="rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                {...register('accessibilityNeeds')}
              />
            ))}
          </div>
        </FieldGroup>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={search.isPending}>
            {search.isPending ? 'Searching...' : 'Plot My Escape'}
          </Button>
          {isFilled(values) ? (
            <Button variant="ghost" onClick={() => reset(EMPTY_FORM)}>
              Clear
            </Button>
          ) : null}
        </div>

        <div className="mt-6 grid gap-6 border-t border-slate-200 pt-6 md:grid-cols-2">
          <VoiceSearch voice={voice} />
          <div role="group" aria-labelledby={`${ids}-shortcuts`}>
            <h3 id={`${ids}-shortcuts`} className="font-bold text-slate-900">
              No Frills Shortcuts
            </h3>
            <div className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-2">
              {SHORTCUTS.map((s) => (
                <Button
                  key={s.type}
                  variant="secondary"
                  disabled={quick.isPending}
                  onClick={() => runShortcut(s.type, s.label)}
                >
                  {s.icon}
                  {s.label}
                </Button>
              ))}
            </div>
          </div>
        </div>
      </form>
      <SearchResults outcome={outcome} onAddToCart={onAddToCart} />
    </div>
  );
}
