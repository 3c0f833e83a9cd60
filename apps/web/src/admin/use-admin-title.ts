import { useEffect } from 'react';
import { pageTitle } from '../lib/head.ts';

/** The document title of an admin screen: '{screen} | پنل مدیریت | چاپار'. */
export function useAdminTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(`${screen} | پنل مدیریت`);
  }, [screen]);
}
