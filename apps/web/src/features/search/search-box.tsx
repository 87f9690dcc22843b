import { useContext, useEffect, useId, type FormEvent, type KeyboardEvent } from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { SearchSuggestion } from '@antenne/contract';
import { useDrawnByServer } from '../../lib/render-context';
import styles from './search-page.module.css';

interface Props {
  text: string;
  /** The viewer typed: suggestions may be asked for. */
  onType(text: string): void;
  suggestions: SearchSuggestion[];
  /** The list closed (Escape, leaving the box): no suggestions until the next keystroke. */
  onClose(): void;
  /** Searches this text (Enter, a chosen suggestion; an empty text clears the search). */
  onSearch(text: string): void;
  /** The id of the too-short message, while it shows. */
  hintId: string | undefined;
}

/**
 * The search box: React Aria's ComboBox (role combobox, the suggestions as its listbox, arrows
 * move through them with aria-activedescendant, Enter or a click chooses one, Escape or leaving
 * the box closes them) inside the page's search landmark. Enter without a chosen suggestion
 * searches the text typed.
 */
export function SearchBox({ text, onType, suggestions, onClose, onSearch, hintId }: Props) {
  const { t } = useTranslation();
  const listLabelId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  // With the list open, React Aria keeps Enter from submitting the form: the text is searched here
  // unless a suggestion is chosen (then onSelectionChange searches it).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Escape closes the list (React Aria) and keeps the text: Chromium would empty a search input.
    if (event.key === 'Escape') event.preventDefault();
    if (event.key !== 'Enter' || suggestions.length === 0) return;
    if (event.currentTarget.getAttribute('aria-activedescendant')) return;
    event.preventDefault();
    onSearch(text);
  };

  // Read-only until the server's page has hydrated: a text typed before would be lost (docs/adr/0030).
  const hydrating = useDrawnByServer();

  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <ComboBox
        isReadOnly={hydrating}
        className={styles.combobox}
        inputValue={text}
        onInputChange={onType}
        items={suggestions.map((suggestion, index) => ({ id: String(index), ...suggestion }))}
        selectedKey={null}
        onSelectionChange={(key) => {
          const chosen = key === null ? undefined : suggestions[Number(key)];
          if (chosen) onSearch(chosen.text);
        }}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        allowsCustomValue
        menuTrigger="input"
        isInvalid={hintId !== undefined}
        validationBehavior="aria"
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        <Label className="visually-hidden">{t('SEARCH.LABEL')}</Label>
        <Input
          className={styles.input}
          type="search"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('SEARCH.PLACEHOLDER')}
        />
        <OpenWithSuggestions count={suggestions.length} />
        <span id={listLabelId} hidden>
          {t('SEARCH.SUGGESTIONS')}
        </span>
        <Popover className={styles.popover} placement="bottom start" offset={4} isNonModal>
          {/* Named "Suggestions" alone (React Aria would add the box's label to its own). */}
          <ListBox className={styles.listbox} aria-label="" aria-labelledby={listLabelId}>
            {(item: SearchSuggestion & { id: string }) => (
              <ListBoxItem id={item.id} textValue={item.text} className={styles.option}>
                {item.text}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </form>
  );
}

/**
 * Suggestions arrive after the debounce, when the text no longer changes: React Aria opens its
 * list on a keystroke only, so it is opened here when they come (the box still focused).
 */
function OpenWithSuggestions({ count }: { count: number }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (state && count > 0 && state.isFocused && !state.isOpen) state.open(null, 'input');
  }, [state, count]);
  return null;
}
