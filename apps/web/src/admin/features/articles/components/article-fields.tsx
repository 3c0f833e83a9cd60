import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { MAX_EDITOR_KEYWORDS, type Category } from '@chapar/shared/contracts';
import { categoryFaName, formatNumberFa, normalizePersian } from '@chapar/shared/text';
import { inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { Checkbox, Select } from '../../../components/fields.tsx';
import { useCategories } from '../categories.ts';
import { RichEditor, type EditorMode } from '../editor/rich-editor.tsx';
import { AiButton } from './ai-button.tsx';
import { UploadArea } from './upload-area.tsx';

export interface ArticleForm {
  title: string;
  category: string;
  excerpt: string;
  keywords: string;
  metaDescription: string;
  imageUrl: string;
  videoUrl: string;
  featured: boolean;
  content: string;
}

const META_MAX = 150;

/**
 * The select's options: the site's categories from the database (value: the English name
 * stored on articles). An article whose category is not among them still shows it.
 */
function categoryOptions(categories: Category[], current: string): { options: Array<{ value: string; label: string }>; value: string } {
  const options = categories.map((c) => ({ value: c.nameEn, label: c.name }));
  if (!current) return { options, value: '' };
  const key = normalizePersian(current);
  const match = categories.find((c) => [c.nameEn, c.slug, c.name].some((k) => normalizePersian(k) === key));
  if (match) return { options, value: match.nameEn };
  return { options: [...options, { value: current, label: categoryFaName(current) === 'عمومی' ? current : categoryFaName(current) }], value: current };
}

function Label({ htmlFor, id, children, edited }: { htmlFor?: string; id?: string; children: string; edited?: boolean }) {
  return (
    // A flex gap, not a margin: the badge's background covered the overhanging end of «عنوان»'s ن.
    <label htmlFor={htmlFor} id={id} className="inline-flex flex-wrap items-baseline gap-x-3 text-sm font-medium">
      <span>{children}</span>
      {edited && <span className="rounded bg-surface px-1.5 text-xs font-normal text-muted">ویرایش‌شده به دست مدیر</span>}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} role="alert" className="text-xs text-accent">{message}</p> : null;
}

/** The dialog's fields (spec 03 §2.3), each marked when an admin edited it by hand before. */
export function ArticleFields({ form, editedFields }: { form: UseFormReturn<ArticleForm>; editedFields: string[] }) {
  const ids = { title: useId(), excerpt: useId(), keywords: useId(), meta: useId(), image: useId(), video: useId(), content: useId(), err: useId() };
  const [mode, setMode] = useState<EditorMode>('visual');
  const categories = useCategories();
  const { register, control, watch, getValues, setValue, formState: { errors } } = form;
  const meta = watch('metaDescription') ?? '';
  const edited = (field: string) => editedFields.includes(field);
  const fill = (field: keyof ArticleForm) => (text: string) => setValue(field, text, { shouldDirty: true, shouldValidate: true });
  const sourceFor = (field: 'title' | 'excerpt' | 'metaDescription' | 'content') => () => getValues(field) || getValues('content');

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-1 md:col-span-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.title} edited={edited('title')}>عنوان</Label>
          <AiButton field="title" fieldLabel="عنوان" source={sourceFor('title')} onResult={fill('title')} />
        </div>
        <input id={ids.title} {...register('title')} aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? `${ids.err}-title` : undefined} className={inputStyles} />
        <FieldError id={`${ids.err}-title`} message={errors.title ? 'عنوان باید دست‌کم ۳ و حداکثر ۲۰۰ نویسه باشد' : undefined} />
      </div>

      <Controller
        control={control}
        name="category"
        render={({ field }) => {
          const { options, value } = categoryOptions(categories.data ?? [], field.value ?? '');
          return (
            <Select
              label={edited('category') ? 'دسته‌بندی (ویرایش‌شده به دست مدیر)' : 'دسته‌بندی'}
              value={value}
              onChange={field.onChange}
              options={options}
              placeholder={categories.isError ? 'خطا در بارگذاری دسته‌بندی‌ها' : 'انتخاب دسته‌بندی'}
            />
          );
        }}
      />
      <div className="flex items-end pb-2">
        <Controller
          control={control}
          name="featured"
          render={({ field }) => <Checkbox label="مقاله ویژه" checked={field.value === true} onCheckedChange={field.onChange}>مقاله ویژه</Checkbox>}
        />
      </div>

      <div className="flex flex-col gap-1 md:col-span-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.excerpt} edited={edited('excerpt')}>خلاصه</Label>
          <AiButton field="excerpt" fieldLabel="خلاصه" source={sourceFor('excerpt')} onResult={fill('excerpt')} />
        </div>
        <textarea id={ids.excerpt} rows={3} {...register('excerpt')} className={inputStyles} />
      </div>

      <div className="flex flex-col gap-1 md:col-span-2">
        <Label htmlFor={ids.keywords} edited={edited('keywords')}>کلیدواژه‌ها</Label>
        <input
          id={ids.keywords}
          {...register('keywords')}
          aria-describedby={`${ids.keywords}-hint${errors.keywords ? ` ${ids.err}-keywords` : ''}`}
          aria-invalid={errors.keywords ? true : undefined}
          className={inputStyles}
        />
        <p id={`${ids.keywords}-hint`} className="text-xs text-muted">
          با ویرگول جدا کنید؛ برچسب‌های زیر خبر و موضوع‌های داغ از همین‌ها ساخته می‌شوند (حداکثر {formatNumberFa(MAX_EDITOR_KEYWORDS)} کلیدواژه).
        </p>
        <FieldError id={`${ids.err}-keywords`} message={errors.keywords?.message} />
      </div>

      <div className="flex flex-col gap-1 md:col-span-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.meta} edited={edited('metaDescription')}>توضیحات متا</Label>
          <AiButton field="metaDescription" fieldLabel="توضیحات متا" source={sourceFor('metaDescription')} onResult={(text) => fill('metaDescription')(text.slice(0, META_MAX))} />
        </div>
        <textarea id={ids.meta} rows={2} maxLength={META_MAX} {...register('metaDescription')} aria-describedby={`${ids.meta}-count`} aria-invalid={errors.metaDescription ? true : undefined} className={inputStyles} />
        <p id={`${ids.meta}-count`} aria-live="polite" className={cn('text-xs', meta.length > META_MAX ? 'text-accent' : 'text-muted')}>
          {formatNumberFa(meta.length)} از {formatNumberFa(META_MAX)} نویسه
        </p>
        <FieldError id={`${ids.err}-meta`} message={errors.metaDescription?.message} />
      </div>

      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.image} edited={edited('imageUrl')}>نشانی تصویر</Label>
        <input id={ids.image} dir="ltr" {...register('imageUrl')} className={inputStyles} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.video} edited={edited('videoUrl')}>نشانی ویدیو</Label>
        <input id={ids.video} dir="ltr" {...register('videoUrl')} className={inputStyles} />
      </div>

      <div className="flex flex-col gap-1 md:col-span-2">
        <div className="flex items-center justify-between gap-2">
          <Label id={ids.content} edited={edited('content')}>محتوا</Label>
          <AiButton field="content" fieldLabel="محتوا" source={sourceFor('content')} onResult={fill('content')} />
        </div>
        <Controller
          control={control}
          name="content"
          render={({ field }) => <RichEditor value={field.value ?? ''} onChange={field.onChange} mode={mode} onModeChange={setMode} labelId={ids.content} />}
        />
        <UploadArea onUploaded={(html) => fill('content')(`${getValues('content') ?? ''}${html}`)} altFallback={() => getValues('title') ?? ''} />
      </div>
    </div>
  );
}
