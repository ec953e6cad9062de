import type { ExportQuery } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { attachmentName, saveBlob } from '../../../lib/download';

/** GET /export: the list as a CSV or Excel file, saved under the name the server gives it. */
async function exportFile(query: ExportQuery) {
  const response = await api.get<Blob>('/export', { params: query, responseType: 'blob' });
  saveBlob(response.data, attachmentName(response.headers['content-disposition'], `${query.dataset}.${query.format}`));
}

export function useExportFile() {
  return useMutation({ mutationFn: exportFile });
}
