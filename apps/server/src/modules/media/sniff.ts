// What a file really is, from its first bytes: uploads and downloads are judged by
// content, never by their name or the Content-Type someone sent.

export type MediaKind = 'image' | 'video' | 'audio' | 'document';

export interface SniffedType {
  kind: MediaKind;
  mimeType: string;
  ext: string;
}

const starts = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => buf.subarray(offset, offset + text.length).toString('latin1') === text;

export function sniffMedia(buf: Buffer): SniffedType | null {
  if (buf.length < 12) return null;
  if (starts(buf, [0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg', ext: 'jpg' };
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mimeType: 'image/png', ext: 'png' };
  if (ascii(buf, 'GIF87a') || ascii(buf, 'GIF89a')) return { kind: 'image', mimeType: 'image/gif', ext: 'gif' };
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return { kind: 'image', mimeType: 'image/webp', ext: 'webp' };
  if (ascii(buf, 'ftyp', 4)) {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (/^(M4A |M4B )/.test(brand)) return { kind: 'audio', mimeType: 'audio/mp4', ext: 'm4a' };
    if (/^(heic|heix|mif1|avif)/.test(brand)) return null;
    return { kind: 'video', mimeType: 'video/mp4', ext: 'mp4' };
  }
  if (starts(buf, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mimeType: 'video/webm', ext: 'webm' };
  if (ascii(buf, 'OggS')) return { kind: 'audio', mimeType: 'audio/ogg', ext: 'ogg' };
  if (ascii(buf, 'ID3') || (buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0 && (buf[1] & 0x06) !== 0)) return { kind: 'audio', mimeType: 'audio/mpeg', ext: 'mp3' };
  if (ascii(buf, '%PDF-')) return { kind: 'document', mimeType: 'application/pdf', ext: 'pdf' };
  if (starts(buf, [0x50, 0x4b, 0x03, 0x04]) && isDocx(buf)) {
    return { kind: 'document', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
  }
  return null;
}

// A .docx is a zip whose entries include [Content_Types].xml and word/…; the entry names
// sit in the local file headers, so a scan of the archive finds them without unzipping.
function isDocx(buf: Buffer): boolean {
  const text = buf.subarray(0, Math.min(buf.length, 2_000_000)).toString('latin1');
  return text.includes('[Content_Types].xml') && text.includes('word/');
}
