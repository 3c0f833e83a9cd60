// A plan's headline never says 'no change needed' of articles it could not check: it counts them
// and says why, and a plan that could check none of them is no success.
import { describe, expect, it } from 'vitest';
import { notCheckedCount, type PlanItem, type PlannedChange } from '@chapar/shared/contracts';
import { buildPlan, planFailed, planMessage } from './plans.ts';

let next = 0;
const item = (change: PlannedChange, reason = ''): PlanItem => ({ articleId: ++next, title: 'خبر', source: 'akhbar_rooz', telegramId: next, change, reason });
const many = (n: number, change: PlannedChange, reason = '') => Array.from({ length: n }, () => item(change, reason));
const KIND = 'check-articles';

describe('planMessage', () => {
  it('says no change is needed only when every article was checked', () => {
    const plan = buildPlan(many(4, 'unchanged'), { exact: true });
    expect(planMessage(KIND, plan)).toBe('پیش‌نمایش «بررسی مقالات با منبع»: ۴ مقاله بررسی شد و تغییری لازم نیست');
    expect(planFailed(plan)).toBe(false);
  });

  it('fails a plan that could check nothing, with the reason', () => {
    const plan = buildPlan(many(3, 'not_checked', 'کانال خوانده نشد: تلگرام خطای سرور داد'), { exact: true });
    expect(notCheckedCount(plan)).toBe(3);
    expect(planFailed(plan)).toBe(true);
    expect(planMessage(KIND, plan)).toBe('پیش‌نمایش «بررسی مقالات با منبع» ناموفق بود: هیچ‌یک از ۳ مقاله بررسی نشد (کانال خوانده نشد: تلگرام خطای سرور داد)؛ چیزی تغییر نکرد');
  });

  it('counts the unchecked beside the checked, the commonest reasons first', () => {
    const plan = buildPlan([...many(2, 'unchanged'), ...many(1, 'not_checked', 'الف'), ...many(3, 'not_checked', 'ب'), ...many(1, 'not_checked', 'پ')], { exact: true });
    expect(planFailed(plan)).toBe(false);
    const message = planMessage(KIND, plan);
    expect(message).toBe('پیش‌نمایش «بررسی مقالات با منبع»: ۵ مقاله بررسی نشد (۳ مقاله: ب؛ ۱ مقاله: الف؛ و ۱ دلیل دیگر)؛ از ۲ مقالهٔ بررسی‌شده هیچ‌کدام به تغییر نیاز ندارد');
    expect(message).not.toContain('تغییری لازم نیست');
  });

  it('names the unchecked beside the changes too', () => {
    const plan = buildPlan([...many(2, 'unpublish', 'حذف شده'), ...many(1, 'unchanged'), ...many(2, 'not_checked', 'قدیمی‌تر از پست‌های خوانده‌شده')], { exact: true });
    expect(planMessage(KIND, plan)).toBe('پیش‌نمایش «بررسی مقالات با منبع»: ۲ مقاله تغییر می‌کند؛ ۲ مقاله بررسی نشد (قدیمی‌تر از پست‌های خوانده‌شده). برای اجرا تأیید کنید');
  });

  it('counts unchecked articles left off a long list', () => {
    const plan = buildPlan([...many(600, 'not_checked', 'دلیل'), ...many(10, 'unchanged')], { exact: true });
    expect(plan.items).toHaveLength(500);
    expect(notCheckedCount(plan)).toBe(600);
    expect(planMessage(KIND, plan)).toContain('۶۰۰ مقاله بررسی نشد (دلیل)');
  });

  it('leaves a scope plan (nothing unchecked) as it was', () => {
    const plan = buildPlan(many(3, 'check'), { exact: false, looked: 40, total: 40 });
    expect(notCheckedCount(plan)).toBe(0);
    expect(planFailed(plan)).toBe(false);
  });

  it('offers a scope only over the articles it can check, and names the rest with why', () => {
    const plan = buildPlan([...many(3, 'check'), ...many(2, 'not_checked', 'کانال خوانده نشد')], { exact: false, looked: 38, total: 40, changes: 38 });
    expect(plan.changes).toBe(38);
    expect(notCheckedCount(plan)).toBe(2);
    expect(planMessage('fix-article-dates', plan)).toBe('پیش‌نمایش «اصلاح تاریخ مقاله‌ها»: ۳۸ مقاله بررسی و در صورت نیاز اصلاح می‌شود؛ ۲ مقاله بررسی نشد (کانال خوانده نشد). برای اجرا تأیید کنید');
  });

  it('says how many more articles an exact plan left for a later run', () => {
    const plan = buildPlan([...many(2, 'rewrite', 'خلاصه خالی است'), ...many(3, 'unchanged')], { exact: true, looked: 9, total: 9, beyond: 4 });
    expect(plan).toMatchObject({ changes: 2, looked: 9, more: 4, beyond: 4 });
    expect(notCheckedCount(plan)).toBe(0);
    expect(planMessage('fix-excerpts', plan)).toBe('پیش‌نمایش «اصلاح خلاصه‌ها»: ۲ مقاله تغییر می‌کند؛ ۴ مقالهٔ دیگر هم به این اصلاح نیاز دارد که در این پیش‌نمایش نیامد (پس از اجرا دوباره اجرا کنید). برای اجرا تأیید کنید');
  });
});
