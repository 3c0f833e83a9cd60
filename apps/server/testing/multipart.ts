// One file as a multipart/form-data body (field "file"), as the admin's upload forms send it.

export interface FileForm {
  payload: Buffer;
  /** The content-type header, with the boundary. */
  contentType: string;
}

export function fileForm(filename: string, body: Buffer, type = 'application/octet-stream', fields: Record<string, string> = {}): FileForm {
  const boundary = '----chapar-test-boundary';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
