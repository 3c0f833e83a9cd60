import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PageHead } from '../lib/head.ts';

export interface RouteContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  pathname: string;
  searchParams: URLSearchParams;
  /** Public origin for absolute URLs (canonical, Open Graph, JSON-LD). */
  baseUrl: string;
}

export interface RouteOutcome {
  status: number;
  /** Send the reader elsewhere (301) instead of rendering. */
  redirect?: string;
}

/**
 * One public page: its component, the queries the server loads before rendering it, the
 * status it answers with once they are loaded, and its head tags.
 */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: (ctx: RouteContext) => Promise<unknown>;
  resolve?: (ctx: RouteContext) => RouteOutcome;
  head: (ctx: RouteContext) => PageHead;
}
