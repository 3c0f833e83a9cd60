import { useEffect, useId, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod/v4';
import { Save } from 'lucide-react';
import { CHANNEL_MESSAGES, CHANNEL_ROLE_LABELS, CHANNEL_ROLES, channelUsernameInput, type ChannelInfo, type ChannelRole } from '@chapar/shared/contracts';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { AdminDialog } from '../../../components/dialogs.tsx';
import { Checkbox, Select } from '../../../components/fields.tsx';
import { adminButton } from '../../../components/styles.ts';
import { roleLabel, useCreateChannel, useUpdateChannel } from '../api.ts';
import { handle } from '@chapar/shared/text';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

const badPattern = (text: string) => lines(text).find((p) => {
  try {
    new RegExp(p, 'iu');
    return false;
  } catch {
    return true;
  }
});

const formSchema = z.object({
  username: z.string(),
  title: z.string().max(200, CHANNEL_MESSAGES.titleTooLong),
  // 'primary' or 'secondary', or a role only a seeded channel has (the demo's), shown but not choosable.
  role: z.string().min(1, CHANNEL_MESSAGES.roleInvalid),
  isActive: z.boolean(),
  signatures: z.string(),
  adMarkers: z.string(),
  joinPatterns: z.string().superRefine((text, ctx) => {
    const bad = badPattern(text);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: CHANNEL_MESSAGES.badPattern(bad) });
  }),
  stripLinks: z.boolean(),
  hashtagsAsKeywords: z.boolean(),
});
type ChannelForm = z.infer<typeof formSchema>;

type Holders = Partial<Record<ChannelRole, string>>;

const isChannelRole = (role: string): role is ChannelRole => (CHANNEL_ROLES as readonly string[]).includes(role);

/** Which active channel holds each role, leaving out the one being edited: a role has one active channel. */
function roleHolders(channels: readonly ChannelInfo[], except: number | undefined): Holders {
  const holders: Holders = {};
  for (const c of channels) {
    if (c.isActive && c.id !== except && isChannelRole(c.role)) holders[c.role] ??= c.username;
  }
  return holders;
}

function toForm(channel: ChannelInfo | null, holders: Holders): ChannelForm {
  const rules = channel?.cleaningRules;
  // A new channel takes the free role; with both held it is added switched off.
  const free = CHANNEL_ROLES.find((role) => !holders[role]);
  return {
    username: channel?.username ?? '',
    title: channel?.title ?? '',
    // A channel of another role (the demo's sample) shows it, and keeps it unless the admin picks one.
    role: channel?.role ?? free ?? 'secondary',
    isActive: channel?.isActive ?? free !== undefined,
    signatures: (rules?.signatures ?? []).join('\n'),
    adMarkers: (rules?.adMarkers ?? []).join('\n'),
    joinPatterns: (rules?.joinPatterns ?? []).join('\n'),
    stripLinks: rules?.stripLinks ?? true,
    hashtagsAsKeywords: rules?.hashtagsAsKeywords ?? true,
  };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-accent dark:text-red-300">{error}</p>}
    </div>
  );
}

/**
 * Adding a channel (channel null) or editing one: name, title, role, on/off and its
 * cleaning rules. A new channel without rules of its own gets the defaults on the server.
 */
export function ChannelFormDialog({ channel, channels, open, onClose }: { channel: ChannelInfo | null; channels: readonly ChannelInfo[]; open: boolean; onClose: () => void }) {
  const id = useId();
  const editing = channel !== null;
  const holders = roleHolders(channels, channel?.id);
  const form = useForm<ChannelForm>({ resolver: zodResolver(formSchema) as never, defaultValues: toForm(channel, holders), mode: 'onSubmit' });
  const create = useCreateChannel(onClose);
  const update = useUpdateChannel(() => onClose());
  const { errors } = form.formState;

  // Read when the dialog opens; the list changing behind an open form does not reset it.
  const holdersRef = useRef(holders);
  holdersRef.current = holders;
  useEffect(() => {
    if (open) form.reset(toForm(channel, holdersRef.current));
  }, [open, channel, form]);

  const role = form.watch('role');
  const isActive = form.watch('isActive');
  const roleTaken = isActive && isChannelRole(role) ? holders[role] : undefined;
  // The demo's role is its own: shown as the current value, not offered to another channel.
  const ownRole = channel && !isChannelRole(channel.role) ? channel.role : null;
  const bothTaken = !editing && CHANNEL_ROLES.every((r) => holders[r]);

  const submit = form.handleSubmit((values) => {
    const newRole = isChannelRole(values.role) ? values.role : null;
    const holder = values.isActive && newRole ? holders[newRole] : undefined;
    if (newRole && holder) {
      form.setError('role', { message: CHANNEL_MESSAGES.roleTaken(newRole, holder) });
      return;
    }
    const rules = {
      signatures: lines(values.signatures), adMarkers: lines(values.adMarkers), joinPatterns: lines(values.joinPatterns),
      stripLinks: values.stripLinks, hashtagsAsKeywords: values.hashtagsAsKeywords,
    };
    if (editing) {
      update.mutate({ id: channel.id, body: { title: values.title.trim(), ...(newRole ? { role: newRole } : {}), isActive: values.isActive, cleaningRules: rules } });
      return;
    }
    const name = channelUsernameInput.safeParse(values.username);
    if (!name.success) {
      form.setError('username', { message: name.error.issues[0]?.message ?? CHANNEL_MESSAGES.usernameFormat });
      return;
    }
    // Rules left as the form shows them for a new channel are the server's defaults.
    const touched = form.formState.dirtyFields;
    const customRules = touched.signatures || touched.adMarkers || touched.joinPatterns || touched.stripLinks || touched.hashtagsAsKeywords;
    create.mutate({ username: name.data, role: newRole ?? 'secondary', title: values.title.trim() || undefined, isActive: values.isActive, ...(customRules ? { cleaningRules: rules } : {}) });
  });

  const pending = create.isPending || update.isPending;
  const area = cn(inputStyles, 'min-h-24 font-mono text-xs');
  const describedBy = (name: keyof ChannelForm, hint = false) => (errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined);

  return (
    <AdminDialog open={open} onOpenChange={(o) => { if (!o) onClose(); }} title={editing ? `ویرایش کانال ${handle(channel.username)}` : 'افزودن کانال'} description={editing ? 'نقش، عنوان، وضعیت و قواعد پاک‌سازی این کانال' : 'کانال عمومی تلگرام که پست‌هایش به مقاله تبدیل می‌شود'} wide>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {bothTaken && (
          <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            هر دو نقش (کانال اصلی و کانال دوم) را کانال‌های فعال دارند؛ کانال تازه غیرفعال افزوده می‌شود. برای فعال کردنش نخست کانال همان نقش را غیرفعال کنید.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-username`} label="نام کاربری کانال" error={errors.username?.message} hint={editing ? 'نام کانال پس از افزودن عوض نمی‌شود' : <>مثلاً <bdi dir="ltr">akhbar_rooz</bdi> یا نشانی <bdi dir="ltr">t.me</bdi> آن</>}>
            <input
              id={`${id}-username`} dir="ltr" autoComplete="off" disabled={editing}
              aria-invalid={errors.username ? true : undefined} aria-describedby={describedBy('username', true)}
              className={cn(inputStyles, 'text-start disabled:opacity-70')} {...form.register('username')}
            />
          </Field>
          <Field id={`${id}-title`} label="عنوان" error={errors.title?.message}>
            <input id={`${id}-title`} className={inputStyles} aria-invalid={errors.title ? true : undefined} aria-describedby={describedBy('title')} {...form.register('title')} />
          </Field>
          <div className="flex flex-col gap-1">
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="نقش"
                  value={field.value}
                  onChange={(value) => { form.clearErrors('role'); field.onChange(value); }}
                  options={[
                    ...(ownRole ? [{ value: ownRole, label: roleLabel(ownRole), disabled: true }] : []),
                    ...CHANNEL_ROLES.map((r) => ({ value: r, label: holders[r] ? `${CHANNEL_ROLE_LABELS[r]} (فعال: \u2066@${holders[r]}\u2069)` : CHANNEL_ROLE_LABELS[r] })),
                  ]}
                />
              )}
            />
            {errors.role?.message
              ? <p id={`${id}-role-error`} role="alert" className="text-sm text-accent dark:text-red-300">{errors.role.message}</p>
              : role === ownRole ? <p className="text-xs text-muted">این نقش ویژهٔ همین کانال است؛ اگر نقش دیگری برگزینید، دوباره برگزیدنی نیست.</p>
              : roleTaken && <p className="text-xs text-amber-800 dark:text-amber-200">این نقش را کانال فعال <bdi dir="ltr">@{roleTaken}</bdi> دارد؛ این کانال را غیرفعال ذخیره کنید یا نخست آن کانال را غیرفعال کنید.</p>}
          </div>
          <div className="flex items-end pb-2">
            <Controller control={form.control} name="isActive" render={({ field }) => (
              <Checkbox checked={field.value} onCheckedChange={field.onChange} label="فعال">فعال (در بررسی‌ها و پایش خودکار خوانده شود)</Checkbox>
            )} />
          </div>
        </div>
        <fieldset className="space-y-3 rounded-xl border border-border p-3">
          <legend className="px-1 text-sm font-bold">قواعد پاک‌سازی</legend>
          <p className="text-xs text-muted">هر مورد در یک سطر. این قواعد پیش از بازنویسی روی متن پست‌های این کانال اعمال می‌شوند.</p>
          <div className="grid gap-3 md:grid-cols-3">
            <Field id={`${id}-signatures`} label="امضاهای کانال (سطرهای حذفی)" error={errors.signatures?.message}>
              <textarea id={`${id}-signatures`} dir="auto" className={area} {...form.register('signatures')} />
            </Field>
            <Field id={`${id}-ads`} label="نشانه‌های تبلیغ" error={errors.adMarkers?.message}>
              <textarea id={`${id}-ads`} dir="auto" className={area} {...form.register('adMarkers')} />
            </Field>
            <Field id={`${id}-joinPatterns`} label="الگوهای «عضو شوید» (عبارت باقاعده)" error={errors.joinPatterns?.message}>
              <textarea id={`${id}-joinPatterns`} dir="ltr" aria-invalid={errors.joinPatterns ? true : undefined} aria-describedby={describedBy('joinPatterns')} className={area} {...form.register('joinPatterns')} />
            </Field>
          </div>
          <div className="flex flex-wrap gap-4">
            <Controller control={form.control} name="stripLinks" render={({ field }) => (
              <Checkbox checked={field.value} onCheckedChange={field.onChange} label="حذف پیوندها">حذف پیوندهای متن</Checkbox>
            )} />
            <Controller control={form.control} name="hashtagsAsKeywords" render={({ field }) => (
              <Checkbox checked={field.value} onCheckedChange={field.onChange} label="هشتگ‌ها به کلیدواژه">هشتگ‌ها به کلیدواژه تبدیل شوند</Checkbox>
            )} />
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>انصراف</button>
          <button type="submit" disabled={pending} className={adminButton.primary}>
            <Save aria-hidden="true" className="size-4" />
            {editing ? 'ذخیره تغییرات' : 'افزودن کانال'}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
