import { Suspense, useEffect, useId, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_TEXT_LENGTH, type Asset, type SearchSuggestion } from '@antenne/contract';
import {
  isSearchable,
  SEARCH_RESULT_TYPES,
  useSearchResults,
  useSearchSuggestions,
  type SearchResultType,
} from '../../api/search';
import { AssetGrid, FIRST_SCREEN_CARDS } from '../../components/asset-grid/asset-grid';
import { analytics } from '../../lib/analytics/analytics';
import { useIsDesktop } from '../../lib/use-media-query';
import { SearchBox } from './search-box';
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
 * /search: the search box (search-box.tsx: React Aria's ComboBox, its listbox the suggestions,
 * asked 500 ms after typing from 2 characters)
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
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setDebounced(text), SUGGESTIONS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const suggestionsQuery = useSearchSuggestions(open ? debounced : '', i18n.language);
  const suggestions: SearchSuggestion[] =
    open && isSearchable(text) && debounced === text && !suggestionsQuery.isError
      ? (suggestionsQuery.data ?? [])
      : [];

  const results = useSearchResults(query, i18n.language);
  const grouped = GROUPS.map((group) => ({
    ...group,
    items: (results.isError ? [] : (results.data?.items ?? []))
      .map((hit) => hit.asset)
      .filter((asset: Asset) => asset.type === group.type),
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

  const search = (value: string) => {
    setOpen(false);
    setText(value);
    if (value.trim() === '') {
      setParams({}, { replace: query === '' });
    } else if (isSearchable(value)) {
      setParams({ q: value }, { replace: value === query });
    }
  };

  const listId = useId();
  const hintId = useId();
  const orientation = desktop ? 'landscape' : 'portrait';
  const showMinimum = tooShort(text);

  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.SEARCH')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className="visually-hidden">{t('PAGES.SEARCH')}</h1>
      {/* The search box (React Aria's combo box, the page's heaviest part) hydrates in a task of
          its own (docs/adr/0030). */}
      <Suspense fallback={null}>
        <SearchBox
          text={text}
          onType={(value) => {
            setText(value);
            setOpen(true);
          }}
          suggestions={suggestions}
          onClose={() => setOpen(false)}
          onSearch={search}
          hintId={showMinimum ? hintId : undefined}
        />
      </Suspense>
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
            grouped
              .filter((group) => group.items.length > 0)
              .map((group, index) => (
                // Each group hydrates in a task of its own (docs/adr/0030).
                <Suspense key={group.type} fallback={null}>
                  <section className={styles.group} aria-labelledby={`${listId}-${group.type}`}>
                    <h3 id={`${listId}-${group.type}`} className={styles.groupTitle}>
                      {t(group.label)}
                    </h3>
                    <AssetGrid
                      items={group.items}
                      orientation={orientation}
                      eagerCount={index === 0 ? FIRST_SCREEN_CARDS : 0}
                    />
                  </section>
                </Suspense>
              ))
          )}
        </div>
      ) : null}
    </section>
  );
}
