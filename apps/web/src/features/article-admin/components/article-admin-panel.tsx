import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Activity, BarChart3, Clock, Eye, ImageUp, RefreshCcw, Share2, Trash2, Users } from '../../../components/icons';
import { categoryFaName, formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useRestorableSpan } from '../../auth/api.ts';
import { ADMIN_ARTICLE_MESSAGES, TOP_ARTICLES_SHOWN, useArticleDashboard, useArticleTool, useDeleteArticle, type ToolResult } from '../api.ts';
import { AFTER_SUCCESS_MS, MISSING_ID, TOOL_TEXT, type ToolKind } from '../progress-steps.ts';
import { PodcastTool } from './podcast-tool.tsx';
import { ToolProgress } from './tool-progress.tsx';

interface ArticleAdminPanelProps {
  articleId: number;
  articleTitle: string;
  csrfToken: string | null;
}

function Stat({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted"><Icon aria-hidden="true" className="size-4" />{label}</dt>
      <dd className="mt-1 text-lg font-bold">{value}</dd>
    </div>
  );
}

function AnalyticsBlock({ articleId }: { articleId: number }) {
  const { data, isError, isLoading } = useArticleDashboard(articleId);
  if (isLoading) return <Skeleton className="h-32 w-full" />;
  if (isError || !data) return <p role="status" className="rounded-xl bg-surface p-4 text-sm text-muted">{ADMIN_ARTICLE_MESSAGES.statsUnavailable}</p>;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Stat icon={Eye} label="بازدید این خبر" value={formatNumberFa(data.totalViews)} />
        <Stat icon={Users} label="بازدیدکننده یکتا" value={formatNumberFa(data.uniqueVisitors)} />
        <Stat icon={Share2} label="اشتراک‌گذاری" value={formatNumberFa(data.totalShares)} />
        <Stat icon={Activity} label="کاربران آنلاین" value={formatNumberFa(data.realtimeUsers)} />
        <Stat icon={Clock} label="میانگین زمان مطالعه" value={`${formatNumberFa(data.avgReadingTime)} دقیقه`} />
      </dl>
      {data.topArticles.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-bold">پربازدیدترین‌های سایت</h3>
          <ol className="space-y-1 text-sm">
            {data.topArticles.slice(0, TOP_ARTICLES_SHOWN).map((a) => (
              <li key={a.id} className="flex justify-between gap-3">
                <span className="truncate">{a.title} <span className="text-xs text-muted">({categoryFaName(a.category)})</span></span>
                <span className="shrink-0 text-muted">{formatNumberFa(a.views)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

type Confirming = null | 'delete' | 'regenerate';

/** Spec 02 §2 item 18, for administrators only: analytics, regenerate, re-process image, delete. */
export function ArticleAdminPanel({ articleId, articleTitle, csrfToken }: ArticleAdminPanelProps) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [running, setRunning] = useState<{ kind: ToolKind; since: number; result: ToolResult | null } | null>(null);
  const remove = useDeleteArticle(articleId, csrfToken);
  const tool = useArticleTool(articleId, csrfToken);
  const restorableSpan = useRestorableSpan();
  const { toast } = useToast();
  const navigate = useNavigate();
  const failed = (title: string, error: unknown) =>
    toast({ title, description: (error as { serverMessage?: string }).serverMessage ?? undefined, variant: 'destructive', durationMs: 8000 });

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: ADMIN_ARTICLE_MESSAGES.deleted });
        navigate(paths.home());
      },
      onError: (error) => {
        setConfirming(null);
        failed(ADMIN_ARTICLE_MESSAGES.deleteFailed, error);
      },
    });

  const runTool = (kind: ToolKind) => {
    setConfirming(null);
    if (!articleId) {
      toast({ title: TOOL_TEXT[kind].failed, description: MISSING_ID, variant: 'destructive' });
      return;
    }
    const since = Date.now();
    setRunning({ kind, since, result: null });
    tool.mutate(kind, {
      onSuccess: (result) => {
        setRunning({ kind, since, result });
        if (!result.success) return; // still running on the server: the reader closes the overlay
        const target = result.newArticleId ?? result.articleId;
        // Spec 02 §4: 2 s later, reload the same article or open the new one.
        setTimeout(() => (target === articleId ? window.location.reload() : navigate(`/article/${target}`)), AFTER_SUCCESS_MS);
      },
      onError: (error) => {
        setRunning(null);
        failed(TOOL_TEXT[kind].failed, error);
      },
    });
  };

  return (
    <section aria-labelledby="article-admin-title" className="space-y-4 rounded-2xl border-2 border-dashed border-accent/40 p-4">
      <h2 id="article-admin-title" className="flex items-center gap-2 text-lg font-bold">
        <BarChart3 aria-hidden="true" className="size-5 text-accent" />ابزار مدیریت
      </h2>
      <AnalyticsBlock articleId={articleId} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <button type="button" onClick={() => setConfirming('regenerate')} disabled={tool.isPending} className={buttonStyles.secondary}>
          <RefreshCcw aria-hidden="true" className="size-4" />بازسازی کامل از کانال
        </button>
        <button type="button" onClick={() => runTool('fixImage')} disabled={tool.isPending} className={buttonStyles.secondary}>
          <ImageUp aria-hidden="true" className="size-4" />پردازش دوباره تصویر
        </button>
        <PodcastTool articleId={articleId} csrfToken={csrfToken} />
        <button type="button" onClick={() => setConfirming('delete')} className={`${buttonStyles.secondary} text-accent`}>
          <Trash2 aria-hidden="true" className="size-4" />حذف مقاله
        </button>
      </div>
      <Dialog open={confirming === 'delete'} onClose={() => setConfirming(null)} title="حذف مقاله" description={`مقاله از سایت برداشته می‌شود و با نظرها و رسانه‌هایش به «مقاله‌های حذف‌شده» می‌رود؛ تا ${restorableSpan} از همان‌جا در پیشخوان بازگرداندنی است و پس از آن برای همیشه پاک می‌شود.`}>
        <p className="mb-4 text-sm">«{articleTitle}»</p>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => setConfirming(null)} className={buttonStyles.ghost}>انصراف</button>
          <button type="button" onClick={onDelete} disabled={remove.isPending} className={buttonStyles.primary}>
            <Trash2 aria-hidden="true" className="size-4" />بله، حذف شود
          </button>
        </div>
      </Dialog>
      <Dialog open={confirming === 'regenerate'} onClose={() => setConfirming(null)} title="بازسازی کامل مقاله" description="متن و رسانه‌های مقاله دوباره از پست کانال ساخته می‌شوند و نسخه فعلی جایگزین می‌شود.">
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => setConfirming(null)} className={buttonStyles.ghost}>انصراف</button>
          <button type="button" onClick={() => runTool('regenerate')} className={buttonStyles.primary}>
            <RefreshCcw aria-hidden="true" className="size-4" />بازسازی شود
          </button>
        </div>
      </Dialog>
      {running && <ToolProgress kind={running.kind} articleId={articleId} since={running.since} result={running.result} onClose={() => setRunning(null)} />}
    </section>
  );
}

export default ArticleAdminPanel;
