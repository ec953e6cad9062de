import { Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { normalizeForSearch } from '@mostrador/shared';
import { type KeyboardEvent, useMemo, useState } from 'react';
import classes from './Counter.module.css';

export interface PickOption<T> {
  key: string;
  label: string;
  detail?: string;
  value: T;
}

const SHOWN = 30;

/**
 * A dialog to pick one of many by typing: every typed word anywhere in the label (accents and case
 * ignored), the first match highlighted, arrows move, Enter picks. Keyboard first, the mouse works too.
 */
export function SearchPicker<T>({
  opened,
  title,
  label,
  placeholder,
  nothing,
  initialSearch = '',
  options,
  onPick,
  onClose,
}: {
  opened: boolean;
  title: string;
  label: string;
  placeholder: string;
  nothing: string;
  initialSearch?: string;
  options: PickOption<T>[];
  onPick: (value: T) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState(initialSearch);
  // Keys typed before this field had the focus arrive as a new initialSearch; after that the field
  // takes them itself.
  const [typedAhead, setTypedAhead] = useState(initialSearch);
  if (initialSearch !== typedAhead) {
    setTypedAhead(initialSearch);
    setSearch(initialSearch);
  }
  const [active, setActive] = useState(0);
  const indexed = useMemo(
    () => options.map((o) => ({ o, key: normalizeForSearch(`${o.label} ${o.detail ?? ''}`) })),
    [options],
  );
  const found = useMemo(() => {
    const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
    const matches: PickOption<T>[] = [];
    for (const { o, key } of indexed) {
      if (words.every((w) => key.includes(w))) matches.push(o);
      if (matches.length === SHOWN) break;
    }
    return matches;
  }, [indexed, search]);
  const current = Math.min(active, found.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      event.preventDefault();
      setActive(Math.min(Math.max(current + step, 0), found.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = found[current];
      if (picked) onPick(picked.value);
    }
  };

  const listId = `${title.replace(/\W+/g, '-')}-options`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="xs">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={found[current] ? `${listId}-${found[current].key}` : undefined}
          autoComplete="off"
          data-autofocus
        />
        <ScrollArea.Autosize mah={320} type="auto">
          <div role="listbox" id={listId} aria-label={label}>
            {found.length === 0 ? (
              <Text c="dimmed" size="sm" p="xs">
                {nothing}
              </Text>
            ) : (
              found.map((option, index) => (
                <UnstyledButton
                  key={option.key}
                  id={`${listId}-${option.key}`}
                  role="option"
                  aria-selected={index === current}
                  tabIndex={-1}
                  className={classes.option}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => onPick(option.value)}
                >
                  <Text size="sm" fw={500}>
                    {option.label}
                  </Text>
                  {option.detail ? (
                    <Text size="xs" c="dimmed">
                      {option.detail}
                    </Text>
                  ) : null}
                </UnstyledButton>
              ))
            )}
          </div>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
