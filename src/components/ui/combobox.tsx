// An editable combobox with a listbox popup, after the ARIA 1.2 pattern (WAI-ARIA APG
// "list autocomplete with automatic selection"): focus stays in the input and
// aria-activedescendant names the active option; Down/Up move (and open), Enter takes
// the active option, Escape closes and then clears, Alt+Down opens without moving.
// While the shopper types, the first option is active, so "par" + Enter picks Paris.
// Presentational only: the options come from the caller.
import {
  useEffect,
  useId,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { FieldError } from './field.tsx';

export interface ComboboxGroup<T> {
  key: string;
  /** Shown as the group's heading and name; a single unnamed group renders flat. */
  label?: string;
  options: readonly T[];
}

export interface ComboboxProps<T> {
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  groups: readonly ComboboxGroup<T>[];
  optionKey: (option: T) => string;
  renderOption: (option: T, active: boolean) => ReactNode;
  onSelect: (option: T) => void;
  /** Shown in the popup (and announced) when there is no option: "Searching…", "No matches". */
  emptyText?: string | null;
  /** "5 suggestions. Use the up and down arrows to choose." */
  announceCount: (count: number) => string;
  /** Activate the first option while the shopper types (off for a list opened empty). */
  autoActivateFirst?: boolean;
  openOnFocus?: boolean;
  hint?: string;
  error?: string | null;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  inputProps?: Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'role' | 'aria-expanded' | 'aria-controls' | 'aria-activedescendant'
  >;
  onFocus?: () => void;
  onBlur?: () => void;
  className?: string;
}

export function Combobox<T>({
  label,
  value,
  onValueChange,
  groups,
  optionKey,
  renderOption,
  onSelect,
  emptyText = null,
  announceCount,
  autoActivateFirst = true,
  openOnFocus = false,
  hint,
  error,
  placeholder,
  inputRef,
  inputProps,
  onFocus,
  onBlur,
  className = '',
}: ComboboxProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);

  const flat = groups.flatMap((group) => group.options);
  const keys = flat.map(optionKey);
  const chosenIndex = activeKey === null ? -1 : keys.indexOf(activeKey);
  const activeIndex =
    chosenIndex >= 0 ? chosenIndex : typed && autoActivateFirst && flat.length > 0 ? 0 : -1;
  const showList = open && flat.length > 0;
  const showEmpty = open && flat.length === 0 && emptyText !== null;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!showList || activeIndex < 0) return;
    const option = document.getElementById(optionId(activeIndex));
    // Not every DOM has it (jsdom): scrolling the active option into view is a nicety.
    if (option && 'scrollIntoView' in option) option.scrollIntoView({ block: 'nearest' });
    // optionId is derived from id; the effect follows the active option only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex, showList]);

  function choose(index: number) {
    const option = flat[index];
    if (option === undefined) return;
    onSelect(option);
    setOpen(false);
    setTyped(false);
    setActiveKey(null);
  }

  function move(delta: 1 | -1) {
    if (flat.length === 0) return;
    const from = activeIndex < 0 ? (delta === 1 ? -1 : flat.length) : activeIndex;
    const next = (from + delta + flat.length) % flat.length;
    setActiveKey(keys[next] ?? null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (!event.altKey && activeIndex < 0 && flat.length > 0) setActiveKey(keys[0] ?? null);
        } else {
          move(1);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (flat.length > 0) setActiveKey(keys[flat.length - 1] ?? null);
        } else if (event.altKey) {
          setOpen(false);
        } else {
          move(-1);
        }
        break;
      case 'Enter':
        if (showList && activeIndex >= 0) {
          event.preventDefault();
          choose(activeIndex);
        }
        break;
      case 'Escape':
        if (open) {
          // Keep a surrounding dialog open: this Escape belonged to the popup.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActiveKey(null);
          setTyped(false);
        } else if (value !== '') {
          event.preventDefault();
          onValueChange('');
          setTyped(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  }

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const announcement = !open
    ? ''
    : flat.length > 0
      ? announceCount(flat.length)
      : (emptyText ?? '');

  const groupStarts = groups.reduce<number[]>(
    (starts, group, at) => [
      ...starts,
      (starts[at - 1] ?? 0) + (groups[at - 1]?.options.length ?? 0),
    ],
    [],
  );
  const renderOptions = (options: readonly T[], start: number) =>
    options.map((option, offset) => {
      const at = start + offset;
      const active = at === activeIndex;
      return (
        // Options are never focused: the input keeps focus and handles every key
        // (aria-activedescendant), as the ARIA combobox pattern prescribes.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
        <div
          key={optionKey(option)}
          id={optionId(at)}
          role="option"
          aria-selected={active}
          // Keep focus in the input: a mousedown on an option must not blur it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(at)}
          onMouseMove={() => {
            if (!active) setActiveKey(optionKey(option));
          }}
          className={`cursor-pointer px-3 py-2 ${active ? 'bg-blue-700 text-white' : 'text-slate-900'}`}
        >
          {renderOption(option, active)}
        </div>
      );
    });

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setTyped(true);
          setActiveKey(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          onFocus?.();
          if (openOnFocus) setOpen(true);
          event.target.select();
        }}
        onBlur={() => {
          setOpen(false);
          setActiveKey(null);
          setTyped(false);
          onBlur?.();
        }}
        onClick={() => setOpen(true)}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
      <div
        id={listboxId}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
      >
        {groups.map((group, at) => {
          const start = groupStarts[at] ?? 0;
          if (group.options.length === 0) return null;
          if (!group.label) return renderOptions(group.options, start);
          const headingId = `${id}-group-${group.key}`;
          return (
            <div key={group.key} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {group.label}
              </div>
              {renderOptions(group.options, start)}
            </div>
          );
        })}
      </div>
      {showEmpty && (
        <div className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg">
          {emptyText}
        </div>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
