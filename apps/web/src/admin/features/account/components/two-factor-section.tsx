import { useId, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { AccountInfo } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { adminButton } from '../../../components/styles.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useStartTwoFactor, type TwoFactorSetup } from '../api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** Asks for the password before a step that changes the second factor. */
function PasswordPrompt({ label, action, busy, onSubmit }: { label: string; action: string; busy: boolean; onSubmit: (password: string) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); onSubmit(password); setPassword(''); }}>
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
        <input id={id} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} dir="ltr" className={inputStyles} />
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={busy || !password}>{action}</button>
    </form>
  );
}

/** Enrolment: the QR code (and the key to type by hand), then a code from the app and the password turn it on. */
function Enrolment({ setup, onCodes }: { setup: TwoFactorSetup; onCodes: (codes: string[]) => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const enable = useEnableTwoFactor(onCodes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ code: code.trim(), password });
  };
  return (
    <div className="space-y-3">
      <ol className="list-inside list-[persian] space-y-1 text-sm">
        <li>برنامهٔ احراز هویت (مانند <bdi dir="ltr">Google Authenticator</bdi> یا <bdi dir="ltr">Aegis</bdi>) را باز کنید و این کد <bdi dir="ltr">QR</bdi> را بخوانید.</li>
        <li>کد شش‌رقمی‌ای را که برنامه نشان می‌دهد، با رمز عبور حساب، این‌جا وارد کنید.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <img src={setup.qrDataUrl} alt="کد QR ورود دومرحله‌ای" width={180} height={180} className="rounded-lg bg-white p-2" />
        <p className="text-sm">
          اگر خواندن <bdi dir="ltr">QR</bdi> ممکن نیست، این کلید را در برنامه بنویسید:
          <code dir="ltr" className="mt-1 block break-all rounded bg-surface px-2 py-1 font-mono text-xs" data-totp-secret>{setup.secret}</code>
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">کد شش‌رقمی</label>
          <input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} dir="ltr" className={`${inputStyles} w-40 text-center tracking-widest`} />
        </div>
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-password`} className="text-sm font-medium">رمز عبور</label>
          <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} dir="ltr" className={inputStyles} />
        </div>
        <button type="submit" className={adminButton.primary} disabled={enable.isPending || code.length !== 6 || !password}>فعال کردن</button>
      </form>
    </div>
  );
}

/** Two-factor sign-in: its state, turning it on with a QR code, recovery codes, turning it off. */
export function TwoFactorSection({ info }: { info: AccountInfo }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartTwoFactor(setSetup);
  const disable = useDisableTwoFactor(() => setSetup(null));
  const renew = useNewRecoveryCodes(setCodes);
  const { enabled, recoveryCodesLeft, required } = info.twoFactor;
  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <h2 id="two-factor-heading" className="flex items-center gap-2 font-bold">
        <ShieldCheck aria-hidden="true" className="size-5" />
        ورود دومرحله‌ای
      </h2>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        : enabled ? (
          <div className="space-y-3">
            <p className="text-sm">
              ورود دومرحله‌ای فعال است. {formatNumberFa(recoveryCodesLeft)} کد بازیابی استفاده‌نشده دارید.
              {required && ' برای مالکان این سایت الزامی است.'}
            </p>
            <PasswordPrompt label="رمز عبور برای ساخت کدهای بازیابی تازه" action="کدهای تازه" busy={renew.isPending} onSubmit={(p) => renew.mutate(p)} />
            {!required && <PasswordPrompt label="رمز عبور برای خاموش کردن ورود دومرحله‌ای" action="خاموش کردن" busy={disable.isPending} onSubmit={(p) => disable.mutate(p)} />}
          </div>
        )
        : setup ? <Enrolment setup={setup} onCodes={(c) => { setSetup(null); setCodes(c); }} />
        : (
          <div className="space-y-2">
            <p className="text-sm">{required ? 'مالکان این سایت باید ورود دومرحله‌ای داشته باشند. پیش از هر کار دیگری آن را فعال کنید.' : 'با ورود دومرحله‌ای، رمز عبور به‌تنهایی برای ورود به حساب شما کافی نیست.'}</p>
            <button type="button" className={adminButton.primary} disabled={start.isPending} onClick={() => start.mutate()}>راه‌اندازی ورود دومرحله‌ای</button>
          </div>
        )}
    </section>
  );
}
