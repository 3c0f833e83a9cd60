import Negotiator from 'negotiator';
import type { PageEncoding } from '@chapar/shared/node-render';

/** Among encodings a reader accepts equally: brotli, the smallest, first (browsers list gzip first). */
const PREFERRED_ENCODINGS = ['br', 'gzip', 'identity'];
// `preferred` is negotiator's documented option; its type package does not list it yet.
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };
/** Answers for the few Accept-Encoding values browsers send, so a cached answer does not parse it again. */
const negotiated = new Map<string, PageEncoding | undefined>();
const MAX_NEGOTIATED = 64;

/**
 * The encoding to send a reader, by its Accept-Encoding with q-values (RFC 9110 §12.5.3):
 * `br;q=0, gzip;q=0, identity` gets neither, `*;q=0` refuses both. Undefined: the body as it
 * is, also when nothing is acceptable, as the RFC asks rather than refusing the request.
 * Without the header, as it is.
 */
export function acceptedEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (negotiated.has(header)) return negotiated.get(header);
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as EncodingNegotiator;
  const chosen = negotiator.encoding(PREFERRED_ENCODINGS, { preferred: PREFERRED_ENCODINGS });
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
  // Bounded: a client sending a new value each time only costs the parsing.
  if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}
