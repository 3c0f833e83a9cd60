import { useState } from 'react';
import { AI_UNAVAILABLE_MESSAGE } from '@chapar/shared/contracts';
import { LoaderCircle, WandSparkles } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { cn } from '../../../../lib/cn.ts';
import { errorText, TOAST_TITLES } from '../../../lib/api.ts';
import { ARTICLE_TEXTS, useAiRegenerate } from '../api.ts';

type Field = 'title' | 'excerpt' | 'metaDescription' | 'content';

interface AiButtonProps {
  field: Field;
  fieldLabel: string;
  /** The text to rewrite (the field's own, or the content when the field is empty). */
  source: () => string;
  onResult: (text: string) => void;
}

/** Spec 03 §2.3: fills one field from ai-regenerate and says when the offline rewriter answered. */
export function AiButton({ field, fieldLabel, source, onResult }: AiButtonProps) {
  const regenerate = useAiRegenerate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const text = source().trim();
    if (!text) {
      toast({ title: TOAST_TITLES.error, description: 'متنی برای بازتولید وجود ندارد', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const result = await regenerate(field, text);
      onResult(result.regeneratedContent);
      toast({
        title: TOAST_TITLES.success,
        description: result.rewriter === 'offline'
          ? `${fieldLabel} بازتولید شد. ${result.message ?? AI_UNAVAILABLE_MESSAGE}`
          : `${fieldLabel} بازتولید شد`,
        durationMs: result.rewriter === 'offline' ? 8000 : undefined,
      });
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: errorText(error, ARTICLE_TEXTS.regenerateFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-label={`بازتولید ${fieldLabel} با هوش مصنوعی`}
      title={`بازتولید ${fieldLabel} با هوش مصنوعی`}
      className={cn('inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-accent hover:bg-accent-soft dark:text-red-300 disabled:opacity-60', focusRing)}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <WandSparkles aria-hidden="true" className="size-3.5" />}
      هوش مصنوعی
    </button>
  );
}
