import { lazy } from 'react';

// Each admin screen and dashboard tab is its own chunk, loaded when it is first opened
// (docs/decisions/0013-production-operations.md): the sign-in screen and the shell stay small.
export const Dashboard = lazy(() => import('./dashboard.tsx').then((m) => ({ default: m.Dashboard })));
export const BlocklistPage = lazy(() => import('./features/blocklist/components/blocklist-page.tsx').then((m) => ({ default: m.BlocklistPage })));
export const DeletedArticlesPage = lazy(() => import('./features/deleted-articles/components/deleted-articles-page.tsx').then((m) => ({ default: m.DeletedArticlesPage })));
export const ContentVerificationPage = lazy(() => import('./features/content-verification/components/content-verification-page.tsx').then((m) => ({ default: m.ContentVerificationPage })));
export const IgnoredPage = lazy(() => import('./features/ignored/components/ignored-page.tsx').then((m) => ({ default: m.IgnoredPage })));
export const NewsletterPage = lazy(() => import('./features/newsletter/components/newsletter-page.tsx').then((m) => ({ default: m.NewsletterPage })));
export const SyncPage = lazy(() => import('./features/sync/components/sync-page.tsx').then((m) => ({ default: m.SyncPage })));
export const TelegramAuthPage = lazy(() => import('./features/telegram-auth/components/telegram-auth-page.tsx').then((m) => ({ default: m.TelegramAuthPage })));
export const UsersPage = lazy(() => import('./features/accounts/components/users-page.tsx').then((m) => ({ default: m.UsersPage })));
export const AccountPage = lazy(() => import('./features/account/components/account-page.tsx').then((m) => ({ default: m.AccountPage })));
export const AuditPage = lazy(() => import('./features/audit/components/audit-page.tsx').then((m) => ({ default: m.AuditPage })));
export const InvitePage = lazy(() => import('./features/invite/components/invite-page.tsx').then((m) => ({ default: m.InvitePage })));
export const ArticlesTab = lazy(() => import('./features/articles/components/articles-tab.tsx').then((m) => ({ default: m.ArticlesTab })));
export const CommentsTab = lazy(() => import('./features/comments/components/comments-tab.tsx').then((m) => ({ default: m.CommentsTab })));
export const GenerateTab = lazy(() => import('./features/generate/components/generate-tab.tsx').then((m) => ({ default: m.GenerateTab })));
export const WatermarkTab = lazy(() => import('./features/watermark/components/watermark-tab.tsx').then((m) => ({ default: m.WatermarkTab })));
export const ChannelsTab = lazy(() => import('./features/channels/components/channels-tab.tsx').then((m) => ({ default: m.ChannelsTab })));
export const AutoMonitorTab = lazy(() => import('./features/auto-monitor/components/auto-monitor-tab.tsx').then((m) => ({ default: m.AutoMonitorTab })));
export const SystemMonitorTab = lazy(() => import('./features/system-monitor/components/system-monitor-tab.tsx').then((m) => ({ default: m.SystemMonitorTab })));
export const DuplicateTab = lazy(() => import('./features/duplicates/components/duplicate-tab.tsx').then((m) => ({ default: m.DuplicateTab })));
export const ScannerTab = lazy(() => import('./features/duplicates/components/scanner-tab.tsx').then((m) => ({ default: m.ScannerTab })));
