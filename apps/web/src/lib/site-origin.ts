import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

// The public origin travels from the server to the browser in the page's query state, so
// absolute links (share targets, the short link) are the same in the server's HTML and in
// the first browser render; after mounting, the address the reader actually uses wins.
const SITE_ORIGIN_KEY = ['site-origin'] as const;

/** On the server, before rendering: remember the public origin for this page. */
export function rememberSiteOrigin(client: QueryClient, origin: string): void {
  client.setQueryData(SITE_ORIGIN_KEY, origin.replace(/\/$/, ''));
}

/** 'https://chapar.example': the origin for absolute links on this page. */
export function useSiteOrigin(): string {
  const client = useQueryClient();
  const [origin, setOrigin] = useState(() => client.getQueryData<string>(SITE_ORIGIN_KEY) ?? '');
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

/** An absolute URL for a site path ('/s/42'), percent-encoded. */
export function absoluteSiteUrl(origin: string, path: string): string {
  return origin + encodeURI(path);
}
