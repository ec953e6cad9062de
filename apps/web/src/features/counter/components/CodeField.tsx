import { Loader, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { es } from '../../../i18n/es';
import type { CounterSaleState } from './useCounterSale';
import { typesCharacter } from '../../../lib/typed-character';

const t = es.counter;

/**
 * The one field of the counter: a scanner types into it like a keyboard (keys a few ms apart,
 * then Enter). Enter sends what it holds and empties it at once, so the next scan starts clean
 * even while the previous code is being looked up. With the field empty, + − and Supr act on the
 * selected line and `*` types its quantity; arrows move the selection at any time ('-' may be part
 * of a code, so it only steps the quantity when nothing is typed). Esc clears what is typed, and
 * with nothing typed abandons the sale.
 */
export function CodeField({
  inputRef,
  sale,
  onBlur,
  onEditLine,
  onNewSale,
  onTypeAhead,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  sale: CounterSaleState;
  onBlur: () => void;
  /** `*` with the field empty: type the selected line's quantity. */
  onEditLine: () => void;
  /** Esc with the field empty: the sale is abandoned. */
  onNewSale: () => void;
  /** A character typed while a dialog is opening; true when the dialog took it. */
  onTypeAhead: (key: string) => boolean;
}) {
  const [text, setText] = useState('');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value === '';
    const act = (action: () => void) => {
      event.preventDefault();
      action();
    };
    if (typesCharacter(event) && onTypeAhead(event.key)) event.preventDefault();
    else if (event.key === 'Enter') {
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
    else if (empty && event.key === '*') act(onEditLine);
    else if (event.key === 'Escape') act(() => (empty ? onNewSale() : setText('')));
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
