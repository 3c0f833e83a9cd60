import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Eye, EyeOff, KeyRound, LogOut, Phone, PlugZap, Send, ShieldCheck } from 'lucide-react';
import { TELEGRAM_AUTH_MESSAGES, TELEGRAM_CODE_LENGTH, type TelegramAuthStatus } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, toAsciiDigits } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { useSendPhone, useTelegramAuthInfo, useTelegramAuthStatus, useTelegramLogout, useVerifyCode, useVerifyPassword } from '../api.ts';
import { ManualGuide } from './manual-guide.tsx';
import { StepError } from './step-error.tsx';
import { WayBack } from './way-back.tsx';

type Step = 'phone' | 'code' | 'password' | 'done';

const stepOf = (s: TelegramAuthStatus | undefined): Step => (s?.isAuthenticated ? 'done' : s?.step ?? 'phone');

function StepCard({ n, title, current, done, children }: { n: number; title: string; current: boolean; done: boolean; children?: ReactNode }) {
  return (
    <section aria-labelledby={`tg-step-${n}`} aria-current={current ? 'step' : undefined} className={cn('rounded-xl border bg-card p-4', current ? 'border-accent' : 'border-border')}>
      <h3 id={`tg-step-${n}`} className="flex items-center gap-2 font-bold">
        <span aria-hidden="true" className={cn('flex size-7 items-center justify-center rounded-full text-sm', done ? 'bg-green-600 text-white' : current ? 'bg-accent text-accent-fg dark:bg-red-700' : 'bg-surface text-muted')}>
          {done ? <CheckCircle2 className="size-4" /> : formatNumberFa(n)}
        </span>
        <span>مرحله {formatNumberFa(n)}: {title}</span>
        {done && <span className="sr-only">(انجام شد)</span>}
      </h3>
      {current && <div className="mt-3 space-y-3">{children}</div>}
    </section>
  );
}

/** Spec 03 §2.7: /admin/telegram-auth, the site's Telegram account signed in step by step. */
export function TelegramAuthPage({ embedded = false }: { embedded?: boolean }) {
  useAdminTitle('احراز هویت تلگرام');
  const status = useTelegramAuthStatus();
  const info = useTelegramAuthInfo();
  const sendPhone = useSendPhone();
  const verifyCode = useVerifyCode();
  const verifyPassword = useVerifyPassword();
  const logout = useTelegramLogout();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [askPhone, setAskPhone] = useState(false);
  const ids = useId();
  const Heading = embedded ? 'h2' : 'h1';

  if (status.isPending || info.isPending) return <LoadingState label="در حال خواندن وضعیت تلگرام…" />;
  if (status.isError || info.isError || !status.data || !info.data) {
    return <ErrorState message="خطا در خواندن وضعیت ورود به تلگرام" onRetry={() => { void status.refetch(); void info.refetch(); }} />;
  }
  const s = status.data;
  const i = info.data;
  const step: Step = askPhone && !s.isAuthenticated ? 'phone' : stepOf(s);
  const order: Step[] = ['phone', 'code', 'password', 'done'];
  const past = (x: Step) => order.indexOf(step) > order.indexOf(x);

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) { setPhoneError(TELEGRAM_AUTH_MESSAGES.phoneRequired); return; }
    setPhoneError('');
    sendPhone.mutate({ phoneNumber: phone.trim() }, { onSuccess: () => { setAskPhone(false); setCode(''); } });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === TELEGRAM_CODE_LENGTH) verifyCode.mutate({ code });
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) { setPasswordError(TELEGRAM_AUTH_MESSAGES.passwordRequired); return; }
    setPasswordError('');
    verifyPassword.mutate({ password }, { onSuccess: () => setPassword('') });
  };
  // The number typed stays in the field, to be corrected rather than typed again.
  const wentBack = () => { setAskPhone(false); setCode(''); sendPhone.reset(); verifyCode.reset(); };
  const resend = () => {
    // The number typed in this page is sent again; after a reload it has to be typed again.
    if (phone.trim()) sendPhone.mutate({ phoneNumber: phone.trim() });
    else setAskPhone(true);
  };

  return (
    <section aria-labelledby="tg-auth-heading" className="mx-auto max-w-3xl space-y-4">
      <Heading id="tg-auth-heading" className={embedded ? 'text-xl font-bold' : 'text-2xl font-bold'}>احراز هویت تلگرام</Heading>

      <div aria-live="polite" data-auth-state={s.isAuthenticated ? 'authenticated' : step} className={cn('flex items-start gap-3 rounded-xl border p-4', s.isAuthenticated ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100' : 'border-border bg-card')}>
        {s.isAuthenticated ? <ShieldCheck aria-hidden="true" className="size-6 shrink-0" /> : <PlugZap aria-hidden="true" className="size-6 shrink-0 text-muted" />}
        <div>
          <p className="font-bold">{s.isAuthenticated ? 'حساب تلگرام سایت وصل است' : i.configured ? 'حساب تلگرام سایت وصل نیست' : 'ورود به تلگرام پیکربندی نشده است'}</p>
          {/* Not configured, the server's sentence repeats the heading; the card below names the variables. */}
          {i.configured && <p className="mt-1 text-sm">{s.message}</p>}
          <p className="mt-1 text-xs opacity-80">وضعیت هر ۲ ثانیه به‌روز می‌شود.</p>
        </div>
      </div>

      {!i.configured ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-not-configured>
          <p className="flex items-center gap-2 font-bold"><AlertTriangle aria-hidden="true" className="size-5" />برای ورود، این متغیرهای محیطی را تنظیم کنید:</p>
          <ul className="mt-2 space-y-1 text-sm">
            {i.missing.map((name) => (
              <li key={name}>
                <code dir="ltr" className="rounded bg-white/60 px-1.5 py-0.5 font-mono dark:bg-black/30">{name}</code>
                {' '}— {name === 'TELEGRAM_API_ID' ? 'شناسه عددی برنامه' : 'کلید ۳۲ نویسه‌ای برنامه'}
                {' '}(<code dir="ltr">{name === 'TELEGRAM_API_ID' ? 'api_id' : 'api_hash'}</code>) از <bdi dir="ltr">my.telegram.org</bdi>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">پس از تنظیم، سرور را دوباره راه‌اندازی کنید. تا آن زمان پست‌ها از صفحه‌های عمومی کانال‌ها خوانده می‌شوند و سایت بی‌وقفه کار می‌کند.</p>
        </div>
      ) : (
        <>
          <div className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-rate-limit>
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              کد تأیید برای هر شماره فقط هر {formatNumberFa(i.codeIntervalHours)} ساعت یک بار قابل درخواست است؛ درخواست‌های پیاپی حساب را نزد تلگرام مسدود می‌کند.
              {i.nextCodeRequestAt && (
                <>
                  {' '}{i.codeRequestPhone && <>برای <span dir="ltr">{i.codeRequestPhone}</span> </>}
                  درخواست بعدی از <time dateTime={i.nextCodeRequestAt}>{formatJalaliDateTime(i.nextCodeRequestAt)}</time> ممکن است.
                </>
              )}
            </p>
          </div>

          {s.isAuthenticated ? (
            <section aria-labelledby="tg-success" className="rounded-xl border border-green-300 bg-card p-4 dark:border-green-800" data-success-card>
              <h3 id="tg-success" className="flex items-center gap-2 text-lg font-bold text-green-800 dark:text-green-300"><CheckCircle2 aria-hidden="true" className="size-5" />ورود موفق</h3>
              <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
                <div><dt className="text-muted">نام</dt><dd className="font-bold">{s.userInfo?.firstName ?? '—'}</dd></div>
                <div><dt className="text-muted">نام کاربری</dt><dd className="font-bold"><span dir="ltr">{s.userInfo?.username ? `@${s.userInfo.username}` : '—'}</span></dd></div>
                <div><dt className="text-muted">تلفن</dt><dd className="font-bold"><span dir="ltr">{s.userInfo?.phone ?? s.phoneNumber ?? '—'}</span></dd></div>
              </dl>
              <button type="button" className={cn(buttonStyles.secondary, 'mt-4')} onClick={() => logout.mutate()} disabled={logout.isPending}>
                <LogOut aria-hidden="true" className="size-4" />
                خروج از تلگرام
              </button>
              <StepError error={logout.error} />
            </section>
          ) : (
            <div className="space-y-3">
              <StepCard n={1} title="شماره تلفن" current={step === 'phone'} done={past('phone')}>
                <form onSubmit={submitPhone} noValidate className="space-y-3">
                  <label htmlFor={`${ids}-phone`} className="block text-sm font-medium">شماره تلفن حساب تلگرام</label>
                  <input
                    id={`${ids}-phone`} type="tel" dir="ltr" autoComplete="tel" placeholder="+۹۸۹۱۲۱۲۳۴۵۶۷" value={phone}
                    onChange={(e) => setPhone(e.target.value)} aria-invalid={phoneError ? true : undefined} aria-describedby={`${ids}-phone-hint`}
                    className={cn(inputStyles, 'text-start')}
                  />
                  <p id={`${ids}-phone-hint`} className="text-xs text-muted">با کد کشور: ‎+98 و سپس شماره</p>
                  {phoneError && <p role="alert" className="text-sm text-accent dark:text-red-300">خطا: {phoneError}</p>}
                  <StepError error={sendPhone.error} />
                  <button type="submit" className={adminButton.primary} disabled={sendPhone.isPending}>
                    <Phone aria-hidden="true" className="size-4" />
                    {sendPhone.isPending ? 'در حال ارسال…' : 'ارسال کد تأیید'}
                  </button>
                </form>
              </StepCard>
              <StepCard n={2} title="کد تأیید ۵ رقمی" current={step === 'code'} done={past('code')}>
                <form onSubmit={submitCode} noValidate className="space-y-3">
                  <label htmlFor={`${ids}-code`} className="block text-sm font-medium">کد ارسال‌شده {s.phoneNumber && <>به <span dir="ltr">{s.phoneNumber}</span></>}</label>
                  <input
                    id={`${ids}-code`} inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={TELEGRAM_CODE_LENGTH} value={code}
                    onChange={(e) => setCode(toAsciiDigits(e.target.value).replace(/\D/g, '').slice(0, TELEGRAM_CODE_LENGTH))}
                    className={cn(inputStyles, 'max-w-40 text-center font-mono text-lg tracking-[0.5em]')}
                  />
                  <StepError error={verifyCode.error} />
                  <StepError error={sendPhone.error} />
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" className={adminButton.primary} disabled={code.length !== TELEGRAM_CODE_LENGTH || verifyCode.isPending}>
                      <Send aria-hidden="true" className="size-4" />
                      {verifyCode.isPending ? 'در حال بررسی…' : 'تأیید کد'}
                    </button>
                    <button type="button" className={buttonStyles.secondary} onClick={resend} disabled={sendPhone.isPending}>ارسال دوباره کد</button>
                  </div>
                </form>
                <WayBack intervalHours={i.codeIntervalHours} onBack={wentBack} />
              </StepCard>
              <StepCard n={3} title="رمز دومرحله‌ای (در صورت فعال بودن)" current={step === 'password'} done={past('password')}>
                <form onSubmit={submitPassword} noValidate className="space-y-3">
                  <label htmlFor={`${ids}-password`} className="block text-sm font-medium">رمز تأیید دومرحله‌ای</label>
                  <div className="flex max-w-sm gap-2">
                    <input
                      id={`${ids}-password`} type={showPassword ? 'text' : 'password'} autoComplete="current-password" value={password}
                      onChange={(e) => setPassword(e.target.value)} aria-invalid={passwordError ? true : undefined} className={inputStyles}
                    />
                    <button type="button" className={buttonStyles.icon} onClick={() => setShowPassword(!showPassword)} aria-label={showPassword ? 'پنهان کردن رمز' : 'نمایش رمز'} aria-pressed={showPassword}>
                      {showPassword ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
                    </button>
                  </div>
                  {passwordError && <p role="alert" className="text-sm text-accent dark:text-red-300">خطا: {passwordError}</p>}
                  <StepError error={verifyPassword.error} />
                  <button type="submit" className={adminButton.primary} disabled={verifyPassword.isPending}>
                    <KeyRound aria-hidden="true" className="size-4" />
                    {verifyPassword.isPending ? 'در حال بررسی…' : 'تأیید رمز'}
                  </button>
                </form>
              </StepCard>
            </div>
          )}
        </>
      )}
      <ManualGuide />
    </section>
  );
}
