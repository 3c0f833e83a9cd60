import { useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import type { DigestSchedule } from '@chapar/shared/contracts';
import { formatJalaliDateTime, ltr, toPersianDigits } from '@chapar/shared/text';
import { Checkbox, Select } from '../../../components/fields.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useSaveSchedule } from '../digest-api.ts';

const two = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: two(h), label: toPersianDigits(two(h)) }));
const MINUTES = Array.from({ length: 12 }, (_, i) => ({ value: two(i * 5), label: toPersianDigits(two(i * 5)) }));
const FREQUENCIES = [{ value: 'daily', label: 'روزانه' }, { value: 'weekly', label: 'هفتگی' }] as const;
// Cron's numbering (0 Sunday), listed from Saturday as the Persian week runs.
const WEEKDAYS = [
  { value: '6', label: 'شنبه' }, { value: '0', label: 'یکشنبه' }, { value: '1', label: 'دوشنبه' }, { value: '2', label: 'سه‌شنبه' },
  { value: '3', label: 'چهارشنبه' }, { value: '4', label: 'پنجشنبه' }, { value: '5', label: 'جمعه' },
] as const;
const TIME_ZONES = [{ value: 'Asia/Tehran', label: 'به وقت تهران' }, { value: 'UTC', label: `به وقت جهانی (${ltr('UTC')})` }] as const;
const COUNTS = [3, 5, 8, 10, 12, 15, 20].map((n) => ({ value: String(n), label: `${toPersianDigits(n)} مقاله` }));

/** The line under the schedule: when the next digest goes out, and never a time while no mail can be sent. */
function nextSendLine(schedule: DigestSchedule, nextRunAt: string | null, mailConfigured: boolean): string {
  if (!mailConfigured) return 'ارسال بعدی: تا ایمیل تنظیم نشود، خبرنامه‌ای فرستاده نمی‌شود';
  return schedule.enabled && nextRunAt ? `ارسال بعدی: ${formatJalaliDateTime(nextRunAt)} (به وقت تهران)` : 'ارسال خودکار خاموش است';
}

/** When the digest goes out on its own (spec: daily at a time, Tehran time by default). */
export function ScheduleForm({ schedule, nextRunAt, mailConfigured, headingLevel = 3 }: { schedule: DigestSchedule; nextRunAt: string | null; mailConfigured: boolean; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const [draft, setDraft] = useState<DigestSchedule>(schedule);
  const save = useSaveSchedule();
  const [hour, minute] = draft.time.split(':');
  const set = (patch: Partial<DigestSchedule>) => setDraft((d) => ({ ...d, ...patch }));
  const changed = JSON.stringify(draft) !== JSON.stringify(schedule);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form onSubmit={submit} aria-labelledby="digest-schedule-heading" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <Heading id="digest-schedule-heading" className="text-base font-bold">زمان‌بندی ارسال</Heading>
      <Checkbox checked={draft.enabled} onCheckedChange={(enabled) => set({ enabled })} label="ارسال خودکار خبرنامه">
        ارسال خودکار خبرنامه
      </Checkbox>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Select label="دوره" value={draft.frequency} onChange={(frequency) => set({ frequency })} options={FREQUENCIES} />
        {draft.frequency === 'weekly' && (
          <Select label="روز" value={String(draft.weekday) as (typeof WEEKDAYS)[number]['value']} onChange={(v) => set({ weekday: Number(v) })} options={WEEKDAYS} />
        )}
        <Select label="ساعت" value={hour} onChange={(h) => set({ time: `${h}:${minute}` })} options={HOURS} className="[&_button]:min-w-20" />
        <Select label="دقیقه" value={minute} onChange={(m) => set({ time: `${hour}:${m}` })} options={MINUTES} className="[&_button]:min-w-20" />
        <Select label="منطقه زمانی" value={draft.timeZone} onChange={(timeZone) => set({ timeZone })} options={TIME_ZONES} />
        <Select label="تعداد مقاله‌ها" value={String(draft.articleCount)} onChange={(v) => set({ articleCount: Number(v) })} options={COUNTS} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!changed || save.isPending} className={adminButton.primary}>
          <Save aria-hidden="true" className="size-4" />
          ذخیره زمان‌بندی
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {nextSendLine(schedule, nextRunAt, mailConfigured)}
        </p>
      </div>
    </form>
  );
}
