import { Loader, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { es } from '../../../i18n/es';
import type { CounterSaleState } from './useCounterSale';

const t = es.counter;

/**
 * The one field of the counter: a scanner types into it like a keyboard (keys a few ms apart,
 * then Enter). Enter sends what it holds and empties it at once, so the next scan starts clean
 * even while the previous code is being looked up. With the field empty, + − and Supr act on the
 * selected line; arrows move the selection at any time ('-' may be part of a code, so it only
 * steps the quantity when nothing is typed).
 */
export function CodeField({
  inputRef,
  sale,
  onBlur,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  sale: CounterSaleState;
  onBlur: () => void;
}) {
  const [text, setText] = useState('');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value === '';
    const act = (action: () => void) => {
      event.preventDefault();
      action();
    };
    if (event.key === 'Enter') {
      const typed = event.currentTarget.value;
      act(() => {
        setText('');
        sale.enter(typed);
      });
    } else if (event.key === 'ArrowDown') act(() => sale.move(1));
    else if (event.key === 'ArrowUp') act(() => sale.move(-1));
    else if (empty && event.key === 'Delete') act(sale.remove);
    else if (empty && event.key === '+') act(() => sale.step(1));
    else if (empty && event.key === '-') act(() => sale.step(-1));
  };

  return (
    <TextInput
      ref={inputRef}
      size="lg"
      label={t.codeLabel}
      placeholder={t.codePlaceholder}
      leftSection={<IconBarcode />}
      rightSection={sale.pending ? <Loader size="sm" aria-label={t.looking} /> : null}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (sale.error) sale.clearError();
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      error={sale.error}
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      data-testid="counter-code"
    />
  );
}
