import { Suspense, useEffect, useRef } from 'react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { focusRing } from '../components/ui/button-styles.ts';
import { cn } from '../lib/cn.ts';
import { PartBoundary } from '../components/part-boundary.tsx';
import { useScrollHints } from './components/scroll-hints.ts';
import { LoadingState } from './components/states.tsx';
import {
  ArticlesTab, AutoMonitorTab, ChannelsTab, CommentsTab, DuplicateTab, GenerateTab, IgnoredPage, NewsletterPage, ScannerTab, SystemMonitorTab, TelegramAuthPage, WatermarkTab,
} from './screens.ts';
import { adminPaths, isTabId, TAB_IDS, TAB_LABELS, type TabId } from './paths.ts';
import { TAB_PERMISSIONS, useCan } from './lib/permissions.ts';
import { useAdminTitle } from './use-admin-title.ts';

function PageLink({ to, label, newTab }: { to: string; label: string; newTab?: boolean }) {
  return (
    <a href={to} target={newTab ? '_blank' : undefined} rel={newTab ? 'noopener' : undefined} className={cn('inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline', focusRing)}>
      {label}
      {newTab && <ExternalLink aria-hidden="true" className="size-4" />}
    </a>
  );
}

function TabBody({ id }: { id: TabId }) {
  switch (id) {
    case 'articles':
      return <ArticlesTab />;
    case 'comments':
      return <CommentsTab />;
    case 'generate':
      return <GenerateTab />;
    case 'watermark':
      return <WatermarkTab />;
    case 'newsletter':
      return (
        <>
          <p className="mb-4"><PageLink to={adminPaths.newsletter()} label="باز کردن صفحه خبرنامه در زبانه جدید" newTab /></p>
          <NewsletterPage embedded />
        </>
      );
    case 'ignored':
      return (
        <>
          <p className="mb-4"><PageLink to={adminPaths.ignored()} label="صفحه کامل پست‌های نادیده" /></p>
          <IgnoredPage embedded />
        </>
      );
    case 'channels':
      return <ChannelsTab />;
    case 'auto-monitor':
      return <AutoMonitorTab />;
    case 'system-monitor':
      return <SystemMonitorTab />;
    case 'duplicate':
      return <DuplicateTab />;
    case 'scanner':
      return <ScannerTab />;
    case 'telegram-auth':
      return (
        <>
          <p className="mb-4"><PageLink to={adminPaths.telegramAuth()} label="صفحه کامل احراز هویت تلگرام" /></p>
          <TelegramAuthPage embedded />
        </>
      );
    default:
      return null;
  }
}

/** Spec 03 §2.3: twelve tabs in the spec's order, each with its own address (/admin?tab={id}). */
export function Dashboard() {
  const [params, setParams] = useSearchParams();
  const can = useCan();
  // Only the tabs the role may open; the first of them is the default.
  const shown = TAB_IDS.filter((id) => can(TAB_PERMISSIONS[id]));
  const requested = params.get('tab');
  const tab: TabId = isTabId(requested) && shown.includes(requested) ? requested : shown[0] ?? 'articles';
  useAdminTitle(TAB_LABELS[tab]);
  const tabRow = useRef<HTMLDivElement>(null);
  useScrollHints(tabRow);
  // On a phone the row scrolls sideways: a tab opened by its address (a link, a reload) was off-screen.
  // Centred like the header menu's item ('nearest' left it under the faded edge); no animation on the
  // first load, a later pick glides unless the reader asked for less motion.
  const firstScroll = useRef(true);
  useEffect(() => {
    const still = firstScroll.current || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    firstScroll.current = false;
    tabRow.current?.querySelector<HTMLElement>('[data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: still ? 'instant' : 'smooth' });
  }, [tab]);
  const select = (value: string) => {
    if (!isTabId(value)) return;
    setParams(value === shown[0] ? {} : { tab: value });
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">پنل مدیریت</h1>
      <Tabs.Root value={tab} onValueChange={select} dir="rtl" activationMode="manual">
        {/* The frame stays whole; the row inside it scrolls and fades where more tabs are hidden. */}
        <div className="-mx-1 mb-5 rounded-xl border border-border bg-card p-1">
          <Tabs.List ref={tabRow} aria-label="بخش‌های داشبورد" className="scroll-hints flex gap-1 overflow-x-auto">
            {shown.map((id) => (
              <Tabs.Trigger
                key={id}
                value={id}
                id={`tab-${id}`}
                className={cn('shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm text-muted hover:text-fg data-[state=active]:bg-accent data-[state=active]:font-bold data-[state=active]:text-accent-fg dark:data-[state=active]:bg-red-700', focusRing, 'focus-visible:outline-offset-[-3px]')}
              >
                {TAB_LABELS[id]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        <Tabs.Content value={tab} className="outline-none" tabIndex={-1}>
          <PartBoundary resetKey={tab}><Suspense fallback={<LoadingState />}><TabBody id={tab} /></Suspense></PartBoundary>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
