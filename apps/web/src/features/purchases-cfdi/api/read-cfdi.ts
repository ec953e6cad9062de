import type { ReadCfdiResponse } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /purchase/readCfdi: each XML as a purchase draft or its own error; writes nothing. */
async function readCfdi(files: File[]): Promise<ReadCfdiResponse['drafts']> {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  return (await api.post<ReadCfdiResponse>('/purchase/readCfdi', body)).data.drafts;
}

export function useReadCfdi() {
  return useMutation({ mutationFn: readCfdi });
}
