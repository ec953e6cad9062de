import { type FocusEvent, useState } from 'react';
import { selectOnFocus } from '../../../lib/select-on-focus';
import { typedNumber } from '../typed-ahead';

/**
 * A dialog's first number field, which also takes the keys typed before it had the focus
 * (`typedAhead`, all of them so far): they replace what it held, as typing in it would, and the
 * caret then waits after them, so the next key adds to them instead of replacing them. Without
 * such keys the field selects its text on focus, as every number field does.
 */
export function useTypedAheadNumber(initial: number | string, typedAhead: string, decimals: number) {
  const [value, setValue] = useState<number | string>(initial);
  const [seen, setSeen] = useState('');
  if (typedAhead !== seen) {
    setSeen(typedAhead);
    const text = typedNumber(typedAhead, decimals);
    if (text !== '') setValue(text);
  }
  const focusProps =
    typedNumber(seen, decimals) === ''
      ? selectOnFocus()
      : {
          onFocus: (event: FocusEvent<HTMLInputElement>) => {
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          },
        };
  return { value, setValue, focusProps };
}
