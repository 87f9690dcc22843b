import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_TEXT_LENGTH, type Asset, type SearchSuggestion } from '@antenne/contract';
import { isSearchable, SEARCH_RESULT_TYPES, useSearchResults, useSearchSuggestions, type SearchResultType } from '../../api/search';
import { AssetGrid } from '../../components/asset-grid/asset-grid';
import { analytics } from '../../lib/analytics/analytics';
import { useIsDesktop } from '../../lib/use-media-query';
import styles from './search-page.module.css';

/** Suggestions are asked this long after the last keystroke (spec part 2 "Search"). */
export const SUGGESTIONS_DEBOUNCE_MS = 500;

/** The title of each result group (spec part 2 §2: Film, Série, and the catalogue's other kinds). */
const GROUP_LABELS = {
  MOVIE: 'SEARCH.MOVIES',
  TV_SHOW: 'SEARCH.TV_SHOWS',
  EPISODE: 'SEARCH.EPISODES',
  PODCAST: 'SEARCH.PODCASTS',
  PODCAST_EPISODE: 'SEARCH.PODCAST_EPISODES',
  CLIP: 'SEARCH.TRAILERS',
  TV_CHANNEL: 'SEARCH.CHANNELS',
} as const satisfies Record<SearchResultType, string>;
/** The result groups, in the order shown. */
const GROUPS = SEARCH_RESULT_TYPES.map((type) => ({ type, label: GROUP_LABELS[type] }));

/** Some text, but less than the minimum length: the minimum-characters message, no results. */
const tooShort = (text: string) => text.trim().length > 0 && !isSearchable(text);

/**
 * /search: a combobox (input + listbox of suggestions, asked 500 ms after typing from 2 characters)
 * and the results of the search in the URL (?q=), grouped by kind (Film, Série, Épisode, Podcast,
 * Épisode de podcast, Bande-annonce, Chaîne). Enter searches, or clears
 * when the box is empty; Escape or leaving the box closes the suggestions; choosing one searches it.
 */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';

  // The box follows the URL (back/forward, reload) and the keyboard in between.
  const [text, setText] = useState(query);
  const [syncedQuery, setSyncedQuery] = useState(query);
  if (syncedQuery !== query) {
    setSyncedQuery(query);
    setText(query);
  }

  const [open, setOpen] = useState(false);
  const [debounced, setDebounced] = useState('');
  const [active, setActive] = useState(-1);
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setDebounced(text), SUGGESTIONS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const suggestionsQuery = useSearchSuggestions(open ? debounced : '', i18n.language);
  const suggestions: SearchSuggestion[] =
    open && isSearchable(text) && debounced === text && !suggestionsQuery.isError ? (suggestionsQuery.data ?? []) : [];
  const expanded = suggestions.length > 0;

  const results = useSearchResults(query, i18n.language);
  const grouped = GROUPS.map((group) => ({
    ...group,
    items: (results.isError ? [] : (results.data?.items ?? [])).map((hit) => hit.asset).filter((asset: Asset) => asset.type === group.type),
  }));
  const count = grouped.reduce((sum, group) => sum + group.items.length, 0);
  const settled = isSearchable(query) && (results.isSuccess || results.isError);

  // One analytics event per answered search; a failure is logged and counts as no results.
  const { data, error } = results;
  useEffect(() => {
    if (!isSearchable(query)) return;
    if (error) {
      console.error('search failed', query, error);
      analytics.searchResults(query, 0);
    } else if (data) {
      const answered = data.items.filter((hit) => GROUPS.some((g) => g.type === hit.asset.type)).length;
      analytics.searchResults(query, answered);
    }
  }, [query, data, error]);
  useEffect(() => {
    if (suggestionsQuery.error) console.error('search suggestions failed', suggestionsQuery.error);
  }, [suggestionsQuery.error]);

  const closeSuggestions = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (value: string) => {
    closeSuggestions();
    setText(value);
    if (value.trim() === '') {
      setParams({}, { replace: query === '' });
    } else if (isSearchable(value)) {
      setParams({ q: value }, { replace: value === query });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      closeSuggestions();
    } else if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && suggestions[active]) {
      event.preventDefault();
      search(suggestions[active].text);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const optionId = (i: number) => `${listId}-option-${i}`;
  const orientation = desktop ? 'landscape' : 'portrait';
  const showMinimum = tooShort(text);

  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.SEARCH')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className="visually-hidden">{t('PAGES.SEARCH')}</h1>
      <form role="search" className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('SEARCH.LABEL')}
        </label>
        <div className={styles.combobox}>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="search"
            role="combobox"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={t('SEARCH.PLACEHOLDER')}
            value={text}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={showMinimum ? hintId : undefined}
            aria-invalid={showMinimum || undefined}
            onChange={(event) => {
              setText(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={closeSuggestions}
          />
          <ul id={listId} role="listbox" aria-label={t('SEARCH.SUGGESTIONS')} className={styles.listbox} hidden={!expanded}>
            {suggestions.map((suggestion, i) => (
              <li
                key={`${suggestion.assetId ?? ''}-${suggestion.text}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={styles.option}
                // Keeps the focus in the box, so the blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  search(suggestion.text);
                  inputRef.current?.focus();
                }}
              >
                {suggestion.text}
              </li>
            ))}
          </ul>
        </div>
      </form>
      {showMinimum ? (
        <p id={hintId} className={styles.minimum} role="alert">
          {t('SEARCH.MIN_CHARACTERS', { count: MIN_SEARCH_TEXT_LENGTH })}
        </p>
      ) : null}
      {settled && !showMinimum ? (
        <div className={styles.results} aria-live="polite">
          <h2 className={styles.count}>{t('SEARCH.RESULTS', { count })}</h2>
          {count === 0 ? (
            <p className={styles.empty}>{t('SEARCH.SEARCH_NO_RESULTS')}</p>
          ) : (
            grouped.map((group) =>
              group.items.length === 0 ? null : (
                <section key={group.type} className={styles.group} aria-labelledby={`${listId}-${group.type}`}>
                  <h3 id={`${listId}-${group.type}`} className={styles.groupTitle}>
                    {t(group.label)}
                  </h3>
                  <AssetGrid items={group.items} orientation={orientation} />
                </section>
              ),
            )
          )}
        </div>
      ) : null}
    </section>
  );
}
