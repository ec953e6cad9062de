import { normalizeProductCode, type LookupProductResponse } from '@mostrador/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { productKeys } from '../../../lib/query-keys';
import { lookupProduct } from '../../products';

/**
 * Enter on a code the product list cannot answer (the catalogue still on its way, a scale label,
 * a product added since the list loaded) asks the server, as the counter's scan does. The answer
 * picks its product only if it answers the latest scan and nothing was typed or picked since
 * (`cancel`): a cashier who has moved on must not have a late answer undo it.
 */
export function useProductCodeScan({
  pick,
  listed,
}: {
  pick: (found: LookupProductResponse) => void;
  /** Whether the loaded catalogue holds the product; one it lacks was added since, and is refetched. */
  listed: (productId: number) => boolean;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const cancel = useCallback(() => {
    latest.current += 1;
    setError(null);
  }, []);

  const scan = (field: HTMLInputElement) => {
    const code = normalizeProductCode(field.value);
    cancel();
    const ticket = latest.current;
    const current = () => ticket === latest.current && field.isConnected;
    lookupProduct(queryClient, code).then(
      (found) => {
        if (!current()) return;
        if (found) {
          pick(found);
          if (!listed(found.product.id)) void queryClient.invalidateQueries({ queryKey: productKeys.list() });
        } else setError(es.counter.notFound(code));
      },
      (failure: unknown) => {
        if (current()) setError(getErrorMessage(failure));
      },
    );
  };

  return { scan, cancel, error };
}
