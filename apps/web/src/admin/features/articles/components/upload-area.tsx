import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UploadCloud } from 'lucide-react';
import { formatNumberFa, ltr } from '@chapar/shared/text';
import { focusRing, inputStyles } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { cn } from '../../../../lib/cn.ts';
import { csrfToken, TOAST_TITLES } from '../../../lib/api.ts';
import { ARTICLE_TEXTS, uploadFile } from '../api.ts';

const ACCEPT = 'image/*,video/*,audio/*,application/pdf,.pdf,.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The server keeps at most this much of an image's description (UPLOAD_ALT_MAX). */
const ALT_MAX = 250;

/**
 * Spec 03 §2.3: upload an image, video, audio, PDF or Word file and append its embed to the
 * content. An image's alt text is the description typed here, or else `altFallback()` (the title).
 */
export function UploadArea({ onUploaded, altFallback }: { onUploaded: (embedHtml: string) => void; altFallback?: () => string }) {
  const inputId = useId();
  const altId = useId();
  const [alt, setAlt] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const description = alt.trim() || altFallback?.().trim() || '';
      const result = await uploadFile(file, await csrfToken(queryClient), setProgress, description);
      onUploaded(result.embedHtml);
      setAlt('');
      toast({ title: TOAST_TITLES.success, description: `فایل «${ltr(file.name)}» آپلود شد و به محتوا افزوده شد` });
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: error instanceof Error ? error.message : ARTICLE_TEXTS.uploadFailed, variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <div
      onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn('rounded-lg border-2 border-dashed border-border p-4 text-center', dragging && 'border-accent bg-accent-soft')}
    >
      <div className="mb-3 flex flex-col gap-1 text-start">
        <label htmlFor={altId} className="text-sm font-medium">توضیح تصویر برای صفحه‌خوان‌ها (اختیاری)</label>
        <input id={altId} value={alt} onChange={(event) => setAlt(event.target.value)} maxLength={ALT_MAX} aria-describedby={`${altId}-hint`} className={inputStyles} />
        <p id={`${altId}-hint`} className="text-xs text-muted">بگویید تصویر چه نشان می‌دهد؛ اگر خالی بماند، عنوان مقاله به کار می‌رود.</p>
      </div>
      <input ref={input} id={inputId} type="file" accept={ACCEPT} className="sr-only" onChange={(event) => void upload(event.target.files?.[0])} disabled={progress !== null} />
      <label htmlFor={inputId} className={cn('inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-accent hover:bg-accent-soft', focusRing, '[input:focus-visible+&]:outline-3 [input:focus-visible+&]:outline-ring')}>
        <UploadCloud aria-hidden="true" className="size-5" />
        آپلود فایل (تصویر، ویدیو، صوت، پی‌دی‌اف یا ورد)
      </label>
      <p className="mt-1 text-xs text-muted">فایل را اینجا رها کنید یا انتخاب کنید؛ نشانی آن به انتهای محتوا افزوده می‌شود.</p>
      {progress !== null && (
        <div className="mt-3">
          <progress value={progress} max={1} aria-label="پیشرفت آپلود" className="h-2 w-full accent-accent" />
          <p className="text-xs text-muted">{formatNumberFa(Math.round(progress * 100))}٪</p>
        </div>
      )}
    </div>
  );
}
