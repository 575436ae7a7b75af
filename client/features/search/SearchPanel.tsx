import { Car, Hotel, Mic, MicOff, Plane, Tent } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ACCESSIBILITY_NEEDS, type AccessibilityNeed } from '../../../contracts/accessibility';
import type { QuickSearchType, SearchRequest, SearchResponse } from '../../../contracts/search';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { Destination } from '../../../contracts/destinations';
import { useQuickSearch, useSearch } from './api';
import { EMPTY_FORM, dateError, useSearchForm, type SearchForm } from './form-state';
import { SearchResults, type SearchOutcome } from './SearchResults';
import { useSpeechRecognition } from '../../lib/use-speech-recognition';
import { parseVoiceQuery } from './voice-query';

const SHORTCUTS: { type: QuickSearchType; label: string; icon: ReactNode }[] = [
  { type: 'flights', label: 'Flights Only', icon: <Plane aria-hidden="true" className="size-4" /> },
  { type: 'hotels', label: 'Hotels Only', icon: <Hotel aria-hidden="true" className="size-4" /> },
  { type: 'roadtrip', label: 'Road Trip', icon: <Car aria-hidden="true" className="size-4" /> },
  { type: 'camping', label: 'Camping', icon: <Tent aria-hidden="true" className="size-4" /> },
];

const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700';

/** The field errors of a 400 answer, keyed by field name ("checkoutDate"): ApiError's fieldErrors. */
function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return error.fieldErrors;
}

const isFilled = (form: SearchForm) =>
  Boolean(form.from || form.to || form.checkinDate || form.checkoutDate) ||
  form.accessibilityNeeds.length > 0;

function toRequest(form: SearchForm): SearchRequest {
  return { ...form, from: form.from.trim(), to: form.to.trim() };
}

/** The trip search card (spec §2): fields, needs, Plot My Escape, voice search and shortcuts. */
export function SearchPanel({ onAddToCart }: { onAddToCart: (destination: Destination) => void }) {
  const [form, setForm] = useSearchForm();
  const [showDateError, setShowDateError] = useState(false);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const search = useSearch();
  const quick = useQuickSearch();
  const ids = useId();

  const update = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const toggleNeed = (need: AccessibilityNeed, checked: boolean) =>
    setForm((current) => ({
      ...current,
      accessibilityNeeds: checked
        ? ACCESSIBILITY_NEEDS.filter((n) => n === need || current.accessibilityNeeds.includes(n))
        : current.accessibilityNeeds.filter((n) => n !== need),
    }));

  const clientDateError = dateError(form);
  const serverErrors = fieldErrors(search.error ?? quick.error);
  const errors: Record<string, string | undefined> = {
    ...serverErrors,
    checkoutDate: (showDateError && clientDateError) || serverErrors.checkoutDate,
  };

  /** Shows a call's outcome under the form, titled for what was asked. */
  function track(title: string) {
    setOutcome({ title, status: 'pending' });
    return {
      onSuccess: (data: SearchResponse) => setOutcome({ title, status: 'success', data }),
      onError: (error: unknown) =>
        setOutcome({
          title,
          status: 'error',
          error: errorMessage(error, 'The server could not be reached.'),
        }),
    };
  }

  const runSearch = (request: SearchRequest) => search.mutate(request, track('Search results'));

  /** Impossible dates are shown beside the field and nothing is sent. */
  function datesOk(): boolean {
    if (!clientDateError) return true;
    setShowDateError(true);
    document.getElementById(`${ids}-checkout`)?.focus();
    return false;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (datesOk()) runSearch(toRequest(form));
  }

  function runShortcut(type: QuickSearchType, label: string) {
    if (datesOk()) quick.mutate({ type, form: toRequest(form) }, track(`${label} results`));
  }

  const voice = useSpeechRecognition((transcript) => {
    const parsed = parseVoiceQuery(transcript);
    const next: SearchForm = {
      ...form,
      ...(parsed.from !== undefined ? { from: parsed.from } : {}),
      ...(parsed.to !== undefined ? { to: parsed.to } : {}),
      accessibilityNeeds: ACCESSIBILITY_NEEDS.filter(
        (n) => parsed.needs.includes(n) || form.accessibilityNeeds.includes(n),
      ),
    };
    setForm(next);
    if (!dateError(next)) runSearch(toRequest(next));
  });

  const field = (
    key: 'from' | 'to' | 'checkinDate' | 'checkoutDate',
    label: string,
    props: { type: string; placeholder?: string; autoComplete?: string; min?: string },
  ) => {
    const id = `${ids}-${key === 'checkoutDate' ? 'checkout' : key}`;
    const error = errors[key];
    return (
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          {label}
        </label>
        <input
          id={id}
          name={key}
          value={form[key]}
          onChange={(event) => {
            update(key, event.target.value);
            if (key.endsWith('Date')) setShowDateError(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
          {...props}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div>
      <form
        onSubmit={onSubmit}
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
            min: form.checkinDate || undefined,
          })}
        </div>

        <fieldset className="mt-6">
          <legend className="text-lg font-bold text-slate-900">No One Gets Left Behind</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {ACCESSIBILITY_NEEDS.map((need) => (
              <label
                key={need}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  name="accessibilityNeeds"
                  value={need}
                  checked={form.accessibilityNeeds.includes(need)}
                  onChange={(event) => toggleNeed(need, event.target.checked)}
                  className="size-5 accent-brand-700"
                />
                {need}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={search.isPending}>
            {search.isPending ? 'Searching...' : 'Plot My Escape'}
          </Button>
          {isFilled(form) ? (
            <Button
              variant="ghost"
              onClick={() => {
                setForm(EMPTY_FORM);
                setShowDateError(false);
              }}
            >
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
            <div className="mt-2 grid grid-cols-2 gap-2">
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

function VoiceSearch({ voice }: { voice: ReturnType<typeof useSpeechRecognition> }) {
  const listening = voice.state === 'listening';
  return (
    <div>
      <h3 className="font-bold text-slate-900">Squawk It Out</h3>
      {voice.state === 'unsupported' ? (
        <>
          <Button
            variant="secondary"
            className="mt-2"
            aria-disabled="true"
            aria-describedby="voice-unsupported"
          >
            <MicOff aria-hidden="true" className="size-4" />
            Voice search unavailable
          </Button>
          <p id="voice-unsupported" className="mt-2 text-sm text-slate-700">
            This browser has no speech recognition. Type your trip above, or try Chrome, Edge or
            Safari.
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Say where you are going, for example &ldquo;from Denver to Banff with wheelchair
            access&rdquo;.
          </p>
          <Button
            variant={listening ? 'destructive' : 'secondary'}
            className={cn('mt-2', listening && 'motion-safe:animate-pulse')}
            onClick={listening ? voice.stop : voice.start}
          >
            <Mic aria-hidden="true" className="size-4" />
            {listening ? 'Stop Listening' : 'Start Voice Search'}
          </Button>
          <div role="status" className="mt-2 min-h-6 text-sm text-slate-800">
            {listening ? (
              <span>
                Listening{voice.transcript ? `: “${voice.transcript}”` : '... speak now.'}
              </span>
            ) : voice.error ? (
              <span className="font-medium text-red-800">{voice.error}</span>
            ) : voice.transcript ? (
              <span>Heard: “{voice.transcript}”</span>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
