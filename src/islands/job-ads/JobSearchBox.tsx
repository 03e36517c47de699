import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Label, Field } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { SUGGESTION_DEBOUNCE_MS, searchHref, suggestionOptions, type SuggestionOption } from '../../lib/job-ads/suggestion-options';
import { ERROR_TOAST_AUTO_HIDE_MS, errorToastMessage } from '../../lib/notifications/toast-policy';
import { showToast } from '../stores/toasts';

// A data attribute, not an id: Headless UI owns the id that binds the label.
const INPUT_MARK = 'data-job-search-input';

export interface JobSearchBoxProps {
  initialQuery: string;
  /** query_by and sort_by the chosen option searches with. */
  queryBy: string;
  sortBy: string;
  labels: { label: string; placeholder: string; inJobAds: string; noData: string; suggestions: string; unavailable: string };
  /** Where suggestions come from (a public, cacheable GET). */
  suggestUrl: string;
}

/**
 * The job search box of the layout: a WAI-ARIA combobox whose first option searches the
 * typed text, then suggested titles fetched 300 ms after typing stops. It sits inside a
 * plain GET form, so without JavaScript it is a text field and a Search button.
 */
export default function JobSearchBox({ initialQuery, queryBy, sortBy, labels, suggestUrl }: JobSearchBoxProps) {
  // The island hydrates on the first interaction: keep what was typed before React took over.
  const [text, setText] = useState(() =>
    typeof document === 'undefined' ? initialQuery : ((document.querySelector(`input[${INPUT_MARK}]`) as HTMLInputElement | null)?.value ?? initialQuery),
  );
  const [titles, setTitles] = useState<string[]>([]);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setTitles([]);
      setLoadedFor(null);
      return;
    }
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      try {
        const response = await fetch(`${suggestUrl}?q=${encodeURIComponent(query)}`, { signal: controller.signal, headers: { accept: 'application/json' } });
        if (!response.ok) {
          // The error catalogue's search error: the server's message (at most 300 characters), 3 s.
          const body = (await response.json().catch(() => ({}))) as { error?: string };
          throw new Error(body.error || labels.unavailable);
        }
        const body = (await response.json()) as Array<{ title: string }>;
        setTitles(body.map((item) => item.title));
      } catch (error) {
        if (!controller.signal.aborted) {
          setTitles([]);
          const message = errorToastMessage(error instanceof TypeError ? labels.unavailable : error);
          if (message) showToast('error', message, { autoHideMs: ERROR_TOAST_AUTO_HIDE_MS });
        }
      } finally {
        if (!controller.signal.aborted) setLoadedFor(query);
      }
    }, SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, suggestUrl, labels.unavailable]);

  const options = suggestionOptions(text, titles, (value) => labels.inJobAds.replace('{{text}}', value));
  const choose = (option: SuggestionOption | null) => {
    if (option) window.location.assign(searchHref(option.query, queryBy, sortBy));
  };
  const suggestionsLoaded = loadedFor === text.trim();

  return (
    <Field className="relative flex-1">
      <Label className="sr-only">{labels.label}</Label>
      <Combobox<SuggestionOption | null> value={null} onChange={choose} immediate>
        <ComboboxInput
          {...{ [INPUT_MARK]: '' }}
          name="q"
          // A text input: HTML does not allow a combobox role on type="search"; the hint
          // still gives phones their search key.
          type="text"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={200}
          placeholder={labels.placeholder}
          defaultValue={initialQuery}
          displayValue={() => text}
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded border border-gray-400 bg-white px-1.5 py-1 text-h3 font-normal focus:border-primary"
        />
        {text.trim() ? (
          <ComboboxOptions
            anchor="bottom start"
            aria-label={labels.suggestions}
            className="z-40 mt-0.5 w-[var(--input-width)] rounded-md border border-gray-200 bg-white py-0.5 shadow-lg empty:invisible"
          >
            {options.map((option) => (
              <ComboboxOption
                key={`${option.kind}:${option.query}`}
                value={option}
                className="cursor-pointer px-1.5 py-1 data-focus:bg-primary-light"
              >
                {option.label}
              </ComboboxOption>
            ))}
            {suggestionsLoaded && titles.length === 0 ? (
              <div role="status" className="px-1.5 py-1 text-gray-600">
                {labels.noData}
              </div>
            ) : null}
          </ComboboxOptions>
        ) : null}
      </Combobox>
    </Field>
  );
}
