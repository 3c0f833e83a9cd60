// RFC 9110 §13.1.2: an If-None-Match names the answer's ETag when it is that tag, lists it among
// others, or is "*"; tags are compared weakly (W/"x" names "x").

const opaque = (tag: string) => {
  const trimmed = tag.trim();
  return trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed;
};

/** Whether a GET with this If-None-Match may be answered 304 for a 2xx answer tagged `etag`. */
export function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // A browser sends back the one tag it was given: compared once, with nothing parsed.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const own = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === own);
}
