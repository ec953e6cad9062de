// Request bodies as a browser sends them.

export interface FilePart {
  data: Buffer;
  type: string;
  filename?: string;
  field?: string;
}

/** A real multipart/form-data body, as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string | number>, file?: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) {
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.data)], { type: file.type }),
      file.filename ?? 'foto',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
