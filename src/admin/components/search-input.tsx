import { Button, Input } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled, SearchOutlined } from '../icons';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './use-debounced-callback';
import { VisuallyHidden } from './visually-hidden';

interface SearchInputProps {
  /** The search in force (e.g. read from the URL); the field follows it when it changes elsewhere. */
  value: string;
  /** Called once typing pauses (or on Enter), with the trimmed text, only when it differs from `value`. */
  onSearch(value: string): void;
  /** Also the field's accessible name. */
  placeholder: string;
  delayMs?: number;
  style?: CSSProperties;
}

/** A list's search field: debounced, labelled by its placeholder, cleared with one click. */
export function SearchInput({ value, onSearch, placeholder, delayMs = SEARCH_DEBOUNCE_MS, style }: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The search this field last saw or sent: its echo through `value` must not overwrite newer typing.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }

  function send(next: string) {
    const trimmed = next.trim();
    if (trimmed === value.trim()) return;
    setKnown(trimmed);
    onSearch(trimmed);
  }
  // A row clicked while typing paused leaves the list: the browser's address names the next screen at
  // once, though this one shows until that screen's code has loaded, and a search sent then would
  // bring the member back to the list. A search typed on one address is sent only if still there.
  const sendLater = useDebouncedCallback((next: string, typedAt: string) => {
    if (window.location.pathname === typedAt) send(next);
  }, delayMs);

  return (
    <Input.Search
      allowClear={{
        clearIcon: (
          <>
            <CloseCircleFilled />
            <VisuallyHidden>{t('admin.framework.buttons.clear')}</VisuallyHidden>
          </>
        ),
      }}
      enterButton={<Button icon={<SearchOutlined />} aria-label={t('admin.list.search')} />}
      value={text}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(event) => {
        setText(event.target.value);
        sendLater(event.target.value, window.location.pathname);
      }}
      onSearch={send}
      style={style ?? { maxWidth: 360 }}
    />
  );
}
