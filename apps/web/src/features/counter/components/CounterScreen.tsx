import { Alert, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type Client, CREDIT_NEEDS_CLIENT, type PaymentMode, type Product } from '@mostrador/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { PrintCopiesModal } from '../../printing';
import { missingPrice } from '../counter-sale';
import { ClientPickerModal } from './ClientPickerModal';
import { CodeField } from './CodeField';
import classes from './Counter.module.css';
import { PayModal } from './PayModal';
import { ProductSearchModal } from './ProductSearchModal';
import { LastSaleCard, SaleSummary, ShortcutHints, clientLabel } from './SalePanel';
import { SaleLines } from './SaleLines';
import { type LastSale, type SaleSender, useCheckout } from './useCheckout';
import { type UnmatchedCode, useCounterSale } from './useCounterSale';

const t = es.counter;

type Dialog =
  | { kind: 'search'; text: string; quantity: number | null }
  | { kind: 'client' }
  | { kind: 'pay' }
  | { kind: 'reprint' }
  | null;

/**
 * The counter (/vender): one field always focused, the lines, the total and the keys that run a
 * sale without a mouse (F2 search, F4 client, F8 cash/credit, F12 charge). After a sale the
 * screen is empty and ready at once, with the last sale's total and change on show.
 */
export function CounterScreen({ sender }: { sender: SaleSender }) {
  const codeInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [client, setClient] = useState<Client | null>(null);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('Cash');
  const [lastSale, setLastSale] = useState<LastSale | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onUnmatched = useCallback(
    ({ text, quantity }: UnmatchedCode) => setDialog({ kind: 'search', text, quantity }),
    [],
  );
  const sale = useCounterSale({ onUnmatched });
  const checkout = useCheckout({
    sender,
    onSold: (sold) => {
      setLastSale(sold);
      sale.reset();
      setClient(null);
      setPaymentMode('Cash');
      setDialog(null);
    },
  });

  const focusCode = useCallback(() => codeInput.current?.focus(), []);
  const closeDialog = useCallback(() => setDialog(null), []);
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
  // The print dialog's frame takes the focus; the field gets it back when the window does.
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
      setDialog({ kind: 'client' });
      return;
    }
    setNotice(null);
    checkout.clearError();
    setDialog({ kind: 'pay' });
  };
  const togglePaymentMode = () => setPaymentMode((mode) => (mode === 'Cash' ? 'Credit' : 'Cash'));

  // Function keys work from the code field too (Mantine's hotkeys, not ignoring inputs); while a
  // dialog is open they do nothing, so a stray F12 cannot charge twice.
  const whenNoDialog = (action: () => void) => () => {
    if (!dialogOpen.current) action();
  };
  useHotkeys(
    [
      ['F2', whenNoDialog(() => setDialog({ kind: 'search', text: '', quantity: null }))],
      ['F4', whenNoDialog(() => setDialog({ kind: 'client' }))],
      ['F8', whenNoDialog(togglePaymentMode)],
      ['F12', whenNoDialog(charge)],
    ],
    [],
  );

  const pick = (product: Product) => {
    const quantity = dialog?.kind === 'search' ? dialog.quantity : null;
    sale.add(product, quantity);
    setDialog(null);
  };

  return (
    <div className={classes.screen}>
      <div className={classes.main}>
        <Title order={1} size="h3">
          {t.title}
        </Title>
        <CodeField inputRef={codeInput} sale={sale} onBlur={refocusLater} />
        <SaleLines lines={sale.lines} selected={sale.selected} onSelect={sale.select} />
      </div>
      <div className={classes.side}>
        <SaleSummary
          totalCents={sale.totalCents}
          itemCount={sale.lines.length}
          client={client}
          paymentMode={paymentMode}
          canCharge={canCharge}
          onPickClient={() => setDialog({ kind: 'client' })}
          onPaymentMode={setPaymentMode}
          onCharge={charge}
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
        {lastSale ? <LastSaleCard sale={lastSale} onReprint={() => setDialog({ kind: 'reprint' })} /> : null}
        <ShortcutHints />
      </div>

      {/* Each dialog mounts on opening, so it starts empty every time. */}
      {dialog?.kind === 'search' ? (
        <ProductSearchModal opened initialSearch={dialog.text} onPick={pick} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'client' ? (
        <ClientPickerModal
          opened
          onPick={(picked) => {
            setClient(picked);
            setNotice(null);
            closeDialog();
          }}
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
          onConfirm={(payment) => checkout.checkout({ lines: sale.lines, paymentMode, client }, payment)}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'reprint' && lastSale ? (
        <PrintCopiesModal receipt={lastSale.receipt} opened onClose={closeDialog} />
      ) : null}
    </div>
  );
}
