import type { ImportKind, ImportPreview, ImportResult } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface Upload {
  kind: ImportKind;
  file: File;
}

function form(file: File) {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** POST /import/preview: what the file would do and every row's problem; writes nothing. */
async function previewImport({ kind, file }: Upload) {
  const { data } = await api.post<ImportPreview>('/import/preview', form(file), { params: { kind } });
  return data;
}

/** POST /import/commit: the whole file or nothing. */
async function commitImport({ kind, file }: Upload) {
  const { data } = await api.post<ImportResult>('/import/commit', form(file), { params: { kind } });
  return data;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useCommitImport() {
  return useMutation({ mutationFn: commitImport });
}
