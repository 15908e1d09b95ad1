/** A multipart/form-data body for app.inject(), built by the platform's own FormData encoder. */
export async function multipart(parts: { name: string; value: string | Blob; filename?: string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename !== undefined) form.append(part.name, part.value as Blob, part.filename);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
