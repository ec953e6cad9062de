import { describe, expect, it } from 'vitest';
import { closeOpen, type DialogTurns, NO_DIALOG, show, showInTurn } from './dialog-turns';

type Dialog = { kind: 'weigh'; code: string } | { kind: 'search'; code: string } | { kind: 'pay' };
const fromLookup = (open: Dialog) => open.kind !== 'pay';
const weigh = (code: string): Dialog => ({ kind: 'weigh', code });
const search = (code: string): Dialog => ({ kind: 'search', code });

describe('dialog turns at the counter', () => {
  it('opens a dialog at once when none is open', () => {
    expect(showInTurn<Dialog>(NO_DIALOG, weigh('QUESO'), fromLookup)).toEqual({ open: weigh('QUESO'), waiting: [] });
  });

  it("never replaces a scan's dialog: the next ones wait and open one by one, in scan order", () => {
    let turns: DialogTurns<Dialog> = NO_DIALOG;
    turns = showInTurn(turns, weigh('QUESO'), fromLookup);
    turns = showInTurn(turns, search('0000'), fromLookup);
    turns = showInTurn(turns, weigh('JAMON'), fromLookup);
    expect(turns).toEqual({ open: weigh('QUESO'), waiting: [search('0000'), weigh('JAMON')] });
    turns = closeOpen(turns);
    expect(turns).toEqual({ open: search('0000'), waiting: [weigh('JAMON')] });
    turns = closeOpen(turns);
    expect(turns).toEqual({ open: weigh('JAMON'), waiting: [] });
    expect(closeOpen(turns)).toEqual(NO_DIALOG);
  });

  it('takes the place of a dialog it need not wait for (the pay dialog gives way to a weight to type)', () => {
    const turns = showInTurn<Dialog>({ open: { kind: 'pay' }, waiting: [] }, weigh('QUESO'), fromLookup);
    expect(turns).toEqual({ open: weigh('QUESO'), waiting: [] });
  });

  it('show replaces the open dialog and keeps the ones waiting', () => {
    const turns = show<Dialog>({ open: search('0000'), waiting: [weigh('JAMON')] }, { kind: 'pay' });
    expect(turns).toEqual({ open: { kind: 'pay' }, waiting: [weigh('JAMON')] });
  });
});
