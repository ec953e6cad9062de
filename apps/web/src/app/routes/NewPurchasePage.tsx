import { useLocation } from 'react-router';
import { PurchaseForm } from '../../features/purchases/components/PurchaseForm';
import type { PurchaseDraft } from '../../features/purchases/purchase-form';

/** /compras/nueva; router state { draft } (the reorder's 'Crear compra') fills it. */
export default function NewPurchasePage() {
  const state = useLocation().state as { draft?: PurchaseDraft } | null;
  return <PurchaseForm draft={state?.draft ?? null} />;
}
