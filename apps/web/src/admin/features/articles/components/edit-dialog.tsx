import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import { ADMIN_ARTICLE_TABLE_MESSAGES, updateArticleBody, type AdminArticle, type UpdateArticleBody } from '@chapar/shared/contracts';
import { isApiError } from '../../../../lib/api-client.ts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { adminButton } from '../../../components/styles.ts';
import { AdminDialog, ConfirmDialog, DialogFooter } from '../../../components/dialogs.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { useAdminArticle, useUpdateArticle } from '../api.ts';
import { ArticleFields, type ArticleForm } from './article-fields.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { SpeechTextPanel } from './podcast-controls.tsx';
import { RegeneratePanel } from './regenerate-panel.tsx';

// The dialog's form follows the server's contract (all fields present here; the version it was
// loaded at travels beside them).
const formSchema = updateArticleBody.omit({ expectedUpdatedAt: true }).required();

function toForm(article: AdminArticle): ArticleForm {
  return {
    title: article.title,
    category: article.category,
    excerpt: article.excerpt,
    // Stored comma-separated; read with the Persian comma and a space.
    keywords: article.keywords.split(',').filter(Boolean).join('، '),
    metaDescription: article.metaDescription ?? '',
    imageUrl: article.imageUrl ?? '',
    videoUrl: article.videoUrl ?? '',
    featured: article.featured,
    content: article.content,
  };
}

/** Only what the admin changed is sent: those fields become hand-edited and survive re-processing. */
function changedBody(values: ArticleForm, dirty: Partial<Record<keyof ArticleForm, unknown>>): UpdateArticleBody {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(dirty) as (keyof ArticleForm)[]) {
    const value = values[key];
    body[key] = (key === 'metaDescription' || key === 'imageUrl' || key === 'videoUrl') && value === '' ? null : value;
  }
  return body as UpdateArticleBody;
}

/** Spec 03 §2.3 'Edit article dialog', with the article's history and restore. */
export default function EditArticleDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const article = useAdminArticle(articleId);
  const [askClose, setAskClose] = useState(false);
  const [view, setView] = useState<'edit' | 'history' | 'podcast'>('edit');
  const form = useForm<ArticleForm>({ resolver: zodResolver(formSchema) as never, mode: 'onChange' });
  const { isDirty, dirtyFields } = form.formState;
  const update = useUpdateArticle((saved) => { form.reset(toForm(saved)); onClose(); });

  const loaded = article.data;
  useEffect(() => {
    if (loaded) form.reset(toForm(loaded));
  }, [loaded, form]);

  // Leaving the page with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const requestClose = () => (isDirty ? setAskClose(true) : onClose());
  const submit = form.handleSubmit((values) => {
    const body = changedBody(values, dirtyFields);
    if (Object.keys(body).length === 0) { onClose(); return; }
    update.mutate({ id: articleId, body: { ...body, expectedUpdatedAt: loaded?.updatedAt } });
  });
  // Saved by someone else meanwhile: the editor's text stays in the form, and they choose.
  const changedSince = isApiError(update.error, 409);
  const saveOver = form.handleSubmit((values) => update.mutate({ id: articleId, body: changedBody(values, dirtyFields) }));

  return (
    <AdminDialog open onOpenChange={(open) => { if (!open) requestClose(); }} onDismissAttempt={requestClose} title="ویرایش مقاله" description={loaded ? `شناسه ${formatNumberFa(loaded.id, { useGrouping: false })}` : undefined} wide>
      {article.isPending ? <LoadingState label="در حال بارگذاری مقاله…" />
        : article.isError ? <ErrorState message="خطا در بارگذاری مقاله" onRetry={() => void article.refetch()} />
        : (
          <>
            <div role="group" aria-label="نمای ویرایش" className="mb-4 flex gap-1">
              <button type="button" aria-pressed={view === 'edit'} onClick={() => setView('edit')} className={view === 'edit' ? adminButton.primary : buttonStyles.secondary}>ویرایش</button>
              <button type="button" aria-pressed={view === 'history'} onClick={() => setView('history')} className={view === 'history' ? adminButton.primary : buttonStyles.secondary}>تاریخچه</button>
              <button type="button" aria-pressed={view === 'podcast'} onClick={() => setView('podcast')} className={view === 'podcast' ? adminButton.primary : buttonStyles.secondary}>پادکست</button>
            </div>
            {view === 'podcast' ? (
              <SpeechTextPanel articleId={articleId} title={loaded?.title ?? ''} />
            ) : view === 'history' ? (
              <>
                <HistoryPanel articleId={articleId} current={loaded} unsavedChanges={isDirty} onRestored={(restored) => form.reset(toForm(restored))} />
                {loaded?.telegramId != null && <RegeneratePanel articleId={articleId} editedFields={loaded.editedFields} />}
              </>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
                {changedSince && (
                  <div role="alert" className="space-y-3 rounded-xl border border-amber-600/40 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
                    <p className="leading-7">{isApiError(update.error) && update.error.serverMessage}</p>
                    <p className="leading-7">نسخهٔ ذخیره‌شده را در «تاریخچه» ببینید، یا تغییرات خود را به‌جای آن ذخیره کنید؛ نسخهٔ کنونی در تاریخچه می‌ماند و برگرداندنی است.</p>
                    <div className="flex flex-wrap gap-2">
                      <button type="button" onClick={() => setView('history')} className={buttonStyles.secondary}>دیدن تاریخچه</button>
                      <button type="button" onClick={() => void saveOver()} disabled={update.isPending} className={adminButton.primary}>ذخیرهٔ تغییرات من به‌جای آن</button>
                    </div>
                  </div>
                )}
                {loaded?.missingMedia && (
                  <p role="note" data-missing-media className="rounded-xl border border-amber-600/40 bg-amber-50 p-3 text-sm leading-7 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
                    رسانهٔ پست تلگرام کامل به این مقاله نرسیده است: {loaded.missingMedia}؛ {ADMIN_ARTICLE_TABLE_MESSAGES.missingMediaRetry}. تا آن زمان می‌توانید نشانی تصویر یا ویدیو را خودتان بنویسید؛ نشانیِ دست‌نوشته جای رسانهٔ نرسیده را می‌گیرد و با دریافت دوباره عوض نمی‌شود.
                  </p>
                )}
                <ArticleFields form={form} editedFields={loaded?.editedFields ?? []} />
                <DialogFooter>
                  <button type="button" onClick={requestClose} className={buttonStyles.secondary}>انصراف</button>
                  <button type="submit" disabled={update.isPending} className={adminButton.primary}>
                    <Save aria-hidden="true" className="size-4" />
                    به‌روزرسانی
                  </button>
                </DialogFooter>
              </form>
            )}
          </>
        )}
      <ConfirmDialog
        open={askClose}
        onOpenChange={setAskClose}
        title="تغییرات ذخیره نشده"
        description="تغییراتی که ذخیره نکرده‌اید از بین می‌رود. پنجره بسته شود؟"
        confirmLabel="بستن بدون ذخیره"
        cancelLabel="ادامه ویرایش"
        destructive
        onConfirm={onClose}
      />
    </AdminDialog>
  );
}
