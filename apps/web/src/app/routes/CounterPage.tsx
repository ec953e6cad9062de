import { CounterScreen } from '../../features/counter/components/CounterScreen';
import { useCreateReceipt } from '../../features/receipts/api/create-receipt';

/** 'Vender' (/vender): the counter screen, selling through the receipts feature's create call. */
export default function CounterPage() {
  const sender = useCreateReceipt();
  return <CounterScreen sender={sender} />;
}
