import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type Client, CREDIT_NEEDS_CLIENT, type PaymentMode, type Product } from '@mostrador/shared';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { useQuery } from '@tanstack/react-query';
import { currentShiftQuery, OpenDrawerModal } from '../../cash';
import { useShopSettings } from '../../settings';
import { PrintCopiesModal } from '../../printing';
import { SupervisorModal } from '../../supervisors';
import { entryNeeds, missingPrice } from '../counter-sale';
import { AbonoModal } from './AbonoModal';
import { ClientPickerModal } from './ClientPickerModal';
import { CodeField } from './CodeField';
import classes from './Counter.module.css';
import { PayModal } from './PayModal';
import { ProductSearchModal } from './ProductSearchModal';
import { type LineEntry, LineEntryModal } from './LineEntryModal';
import { AbonoButton, LastSaleCard, SaleSummary, ShortcutHints, clientLabel } from './SalePanel';
import { type LineActions, SaleLines } from './SaleLines';
import { type LastSale, type SaleSender, useCheckout } from './useCheckout';
import { type EntryToComplete, type UnmatchedCode, useCounterSale } from './useCounterSale';
import { useDialogTurns } from './useDialogTurns';

const t = es.counter;
// The return by folio (F6) loads when first opened.
const ReturnByFolioDialog = lazyDialog(() => import('../../returns').then((m) => m.ReturnByFolioDialog));

type Dialog =
  | { kind: 'search'; text: string; quantity: number | null }
  | { kind: 'client'; text: string }
  | { kind: 'pay'; text: string }
  | { kind: 'openDrawer' }
  | { kind: 'reprint' }
  | { kind: 'entry'; entry: LineEntry; text: string }
  | { kind: 'abonoClient'; text: string }
  | { kind: 'abono'; client: Client }
  | { kind: 'return' };

/**
 * A scan's own dialogs (a code that found nothing, a weight or a price to type) are never replaced by
 * the next scan's: closing one would drop its line. Any other dialog gives way to them; the pay
 * dialog must, or it would charge without the line still being completed.
 */
const isScanDialog = (open: Dialog) => open.kind === 'search' || open.kind === 'entry';

/**
 * The counter (/vender): one field always focused, the lines, the total and the keys that run a
 * sale without a mouse (F2 search, F4 client, F8 cash/credit, F9 abono, F12 charge, Esc a new
 * sale). After a sale the screen is empty and ready at once, with the last sale's total and
 * change on show. F6 and F7 are kept for returns and for opening the drawer.
 */
export function CounterScreen({ sender }: { sender: SaleSender }) {
  const codeInput = useRef<HTMLInputElement>(null);
  const {
    dialog,
    show: openDialog,
    showInTurn,
    close: closeDialog,
    closeAll,
    edit: editDialog,
  } = useDialogTurns(isScanDialog);
  const [client, setClient] = useState<Client | null>(null);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('Cash');
  const [lastSale, setLastSale] = useState<LastSale | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The user's open drawer: the first cash sale without one asks to open it ('Abrir caja').
  const drawer = useQuery(currentShiftQuery);
  const [chargeWithoutDrawer, setChargeWithoutDrawer] = useState(false);
  const cashRequiresShift = useShopSettings().data?.cashRequiresShift ?? false;

  const onUnmatched = useCallback(
    ({ text, quantity }: UnmatchedCode) => showInTurn({ kind: 'search', text, quantity }),
    [showInTurn],
  );
  const onIncomplete = useCallback(
    ({ product, quantity }: EntryToComplete) => {
      const needs = entryNeeds(product, quantity);
      showInTurn({
        kind: 'entry',
        entry: { product, mode: 'add', askQuantity: needs.weight, askPrice: needs.price, quantity, price: null },
        text: '',
      });
    },
    [showInTurn],
  );
  const sale = useCounterSale({ onUnmatched, onIncomplete });
  /** An abandoned sale (Esc, 'Nueva venta'): no lines, 'Público en general', Efectivo. */
  const newSale = () => {
    sale.reset();
    setClient(null);
    setPaymentMode('Cash');
    setNotice(null);
    checkout.clearError();
  };
  /** `*` or a tap on a quantity: the line's quantity typed (and its price, when that was typed). */
  const editLine = (index: number) => {
    const line = sale.lines[index];
    if (!line) return;
    sale.select(index);
    const typed = line.typedPrice ?? null;
    openDialog({
      kind: 'entry',
      entry: {
        product: line.product,
        mode: 'edit',
        askQuantity: true,
        askPrice: typed !== null,
        quantity: line.quantity,
        price: typed,
      },
      text: '',
    });
  };
  const lineActions: LineActions = {
    onStep: (index, step) => {
      sale.select(index);
      sale.step(step);
    },
    onRemove: (index) => {
      sale.select(index);
      sale.remove();
    },
    onEditQuantity: editLine,
  };
  const checkout = useCheckout({
    sender,
    onSold: (sold) => {
      setLastSale(sold);
      sale.reset();
      setClient(null);
      setPaymentMode('Cash');
      closeAll();
    },
  });

  const focusCode = useCallback(() => codeInput.current?.focus(), []);
  // A cashier types on right after F2, F4, F9 or F12, a scan asking for a weight or `*`, before the
  // dialog's field has the focus: those keys belong to the dialog's search or amount, not to the
  // code field (nor are they lost).
  const typeAhead = (key: string) => {
    if (!dialogOpen.current) return false;
    editDialog((open) => ('text' in open ? { ...open, text: open.text + key } : open));
    return true;
  };
  const dialogOpen = useRef(false);
  // The field keeps the focus: whatever took it (a click on the page, a toast) gives it back,
  // unless a dialog is open.
  const refocusLater = () =>
    setTimeout(() => {
      if (!dialogOpen.current && !document.activeElement?.closest('[role="dialog"]')) focusCode();
    }, 0);
  // The screen's first focus waits for the next frame, where the browser lays the page out anyway:
  // focusing during React's first commit (autoFocus) forced that layout inside the commit's long
  // task. The field is still focused before that frame is painted, so it is ready when first seen.
  const focusedOnce = useRef(false);
  useEffect(() => {
    dialogOpen.current = dialog !== null;
    if (dialog !== null) return;
    if (focusedOnce.current) {
      focusCode();
      return;
    }
    const frame = requestAnimationFrame(() => {
      focusedOnce.current = true;
      focusCode();
    });
    return () => cancelAnimationFrame(frame);
  }, [dialog, focusCode]);
  // A print dialog takes the window's focus; the field gets it back when the window does.
  useEffect(() => {
    const onWindowFocus = () => {
      if (!dialogOpen.current) focusCode();
    };
    window.addEventListener('focus', onWindowFocus);
    return () => window.removeEventListener('focus', onWindowFocus);
  }, [focusCode]);

  const noPrice = missingPrice(sale.lines);
  // F12 right after the last scan opens 'Cobrar' at once; a lookup still on its way adds its line
  // there (the total is live) and holds the confirmation until it lands.
  const canCharge = sale.lines.length > 0 || sale.pending;
  const charge = () => {
    if (!canCharge) return;
    if (noPrice && !sale.pending) {
      setNotice(noPrice);
      return;
    }
    if (paymentMode === 'Credit' && !client) {
      setNotice(CREDIT_NEEDS_CLIENT);
      openDialog({ kind: 'client', text: '' });
      return;
    }
    setNotice(null);
    checkout.clearError();
    const noDrawer = drawer.data === null && !chargeWithoutDrawer;
    openDialog(paymentMode === 'Cash' && noDrawer ? { kind: 'openDrawer' } : { kind: 'pay', text: '' });
  };
  const togglePaymentMode = () => setPaymentMode((mode) => (mode === 'Cash' ? 'Credit' : 'Cash'));

  // Function keys work from the code field too (Mantine's hotkeys, not ignoring inputs); while a
  // dialog is open they do nothing, so a stray F12 cannot charge twice.
  const whenNoDialog = (action: () => void) => () => {
    if (!dialogOpen.current) action();
  };
  useHotkeys(
    [
      ['F2', whenNoDialog(() => openDialog({ kind: 'search', text: '', quantity: null }))],
      ['F4', whenNoDialog(() => openDialog({ kind: 'client', text: '' }))],
      ['F8', whenNoDialog(togglePaymentMode)],
      ['F9', whenNoDialog(() => openDialog({ kind: 'abonoClient', text: '' }))],
      ['F6', whenNoDialog(() => openDialog({ kind: 'return' }))],
      ['F12', whenNoDialog(charge)],
    ],
    [],
  );

  const pick = (product: Product) => {
    const quantity = dialog?.kind === 'search' ? dialog.quantity : null;
    // Closed first: a product that still needs its weight or price opens that dialog in its turn.
    closeDialog();
    sale.offer(product, quantity);
  };

  return (
    <div className={classes.screen}>
      <div className={classes.main}>
        <Title order={1} size="h3">
          {t.title}
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <CodeField
              inputRef={codeInput}
              sale={sale}
              onBlur={refocusLater}
              onEditLine={() => editLine(sale.selected)}
              onNewSale={newSale}
              onTypeAhead={typeAhead}
            />
          </div>
          {/* F2 for a keyboard; on a phone, the way to the product list. */}
          <Button
            size="lg"
            variant="default"
            px="md"
            tabIndex={-1}
            aria-label={t.searchButton}
            onClick={() => openDialog({ kind: 'search', text: '', quantity: null })}
          >
            <IconSearch size={20} />
            <Text span inherit ml={8} visibleFrom="xs">
              {t.searchButton}
            </Text>
          </Button>
        </Group>
        <SaleLines lines={sale.lines} selected={sale.selected} onSelect={sale.select} actions={lineActions} />
      </div>
      <div className={classes.side}>
        <SaleSummary
          totalCents={sale.totalCents}
          itemCount={sale.articles}
          client={client}
          paymentMode={paymentMode}
          canCharge={canCharge}
          canStartOver={sale.lines.length > 0 || client !== null || paymentMode === 'Credit'}
          onPickClient={() => openDialog({ kind: 'client', text: '' })}
          onPaymentMode={setPaymentMode}
          onCharge={charge}
          onNewSale={newSale}
        />
        {notice ? (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle />}
            role="alert"
            withCloseButton
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        ) : null}
        {lastSale ? <LastSaleCard sale={lastSale} onReprint={() => openDialog({ kind: 'reprint' })} /> : null}
        <AbonoButton onClick={() => openDialog({ kind: 'abonoClient', text: '' })} />
        <ShortcutHints />
      </div>

      {/* Each dialog mounts on opening, so it starts empty every time. */}
      {dialog?.kind === 'search' ? (
        <ProductSearchModal opened initialSearch={dialog.text} onPick={pick} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'client' ? (
        <ClientPickerModal
          opened
          initialSearch={dialog.text}
          onPick={(picked) => {
            setClient(picked);
            // 'Público en general' has no account: the sale is in cash.
            if (picked === null) setPaymentMode('Cash');
            setNotice(null);
            closeDialog();
          }}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'entry' ? (
        <LineEntryModal
          entry={dialog.entry}
          typedAhead={dialog.text}
          onDone={({ quantity, price }) => {
            const { entry } = dialog;
            if (entry.mode === 'add') sale.add(entry.product, quantity, price);
            else sale.setLine(quantity, price);
            closeDialog();
          }}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'abonoClient' ? (
        <ClientPickerModal
          opened
          title={t.abono.pick}
          withNone={false}
          initialSearch={dialog.text}
          onPick={(picked) => (picked ? openDialog({ kind: 'abono', client: picked }) : closeDialog())}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'abono' ? (
        <AbonoModal
          client={dialog.client}
          onChangeClient={() => openDialog({ kind: 'abonoClient', text: '' })}
          onDone={closeDialog}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'pay' ? (
        <PayModal
          opened
          totalCents={sale.totalCents}
          paymentMode={paymentMode}
          clientName={clientLabel(client)}
          sending={checkout.sending}
          waiting={sale.pending}
          lookupError={sale.error}
          missingPrice={sale.pending ? null : noPrice}
          error={checkout.error}
          lostAnswer={checkout.lostAnswerFor({ lines: sale.lines, paymentMode, client })}
          initialMethod={checkout.pendingMethod}
          typedAhead={dialog.text}
          onConfirm={(payment) => checkout.checkout({ lines: sale.lines, paymentMode, client }, payment)}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'return' ? <ReturnByFolioDialog opened onClose={closeDialog} /> : null}
      {dialog?.kind === 'openDrawer' ? (
        <OpenDrawerModal
          required={cashRequiresShift}
          onOpened={() => openDialog({ kind: 'pay', text: '' })}
          onSkip={() => {
            setChargeWithoutDrawer(true);
            openDialog({ kind: 'pay', text: '' });
          }}
          onClose={closeDialog}
        />
      ) : null}
      {/* Beside the pay dialog, not in it: Enter in this form must not bubble to 'Cobrar'. */}
      <SupervisorModal {...checkout.supervisor} />
      {dialog?.kind === 'reprint' && lastSale ? (
        <PrintCopiesModal receipt={lastSale.receipt} opened onClose={closeDialog} />
      ) : null}
    </div>
  );
}
